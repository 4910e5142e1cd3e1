import type { ChargeSource } from '@evcms/contracts/charges';
import type { Status } from '@evcms/contracts/status';
import type { Database } from '../../db/client.ts';
import { completeCharge, type ChargeRow } from '../../modules/charges/charge-lifecycle.service.ts';
import { initiateCharge, openCharge } from '../../modules/charges/charge-start.service.ts';
import { bindIdTag } from '../../modules/drivers/id-tags.service.ts';
import { aDriver } from './drivers.ts';
import { aStoredMerchant } from './merchants.ts';
import { next } from './sequence.ts';
import { aStation } from './stations.ts';

/**
 * A station to charge at: one connector (OCPP id 1) of `typo` (Type 2) priced by its custom fee
 * (10.00 som per kWh unless told; null leaves it to the rates), at a new merchant unless told.
 */
export async function aChargePoint(
  database: Database,
  options: { merchantId?: number; typo?: string; customFeeTyiyn?: number | null; status?: Status; name?: string } = {},
) {
  const merchantId = options.merchantId ?? (await aStoredMerchant(database));
  const customFeeTyiyn = options.customFeeTyiyn === undefined ? 1000 : options.customFeeTyiyn;
  const station = await aStation(database, merchantId, {
    ...(options.name !== undefined && { name: options.name }),
    ...(options.status !== undefined && { status: options.status }),
    connectors: [{ evseId: 1, position: 1, typo: options.typo ?? 'type2', customFeeTyiyn }],
  });
  return { ...station, merchantId, ocppConnectorId: 1 };
}

export interface ChargeOverrides {
  /** Whose charge; a new driver with 10,000 som unless told. */
  driverId?: number;
  /** The tag presented; a new tag of the driver unless told. */
  idTag?: string;
  station?: { id: number; ocppConnectorId?: number };
  startedAt?: Date;
  meterStartWh?: number;
  consumedWh?: number;
  /** One hour after the start unless told. */
  finishedAt?: Date;
  /** How it ends: finished (a normal stop, the default), stopped (by the back office), or still charging (false). */
  stop?: 'finished' | 'stopped' | false;
  reason?: string;
  /** A remote start's (`app`, `back_office`): initiated first, as a remote start does; a card at the station unless told. */
  source?: ChargeSource;
}

/**
 * A charge written through the charge services, as a charge point's StartTransaction and
 * StopTransaction would: the price fixed by the price resolution, the total debited through the
 * ledger (booked at the finish), so balances stay the sum of their entries. By default a new
 * driver charges 10 kWh for an hour at a new station at 10.00 som per kWh.
 */
export async function aCharge(database: Database, overrides: ChargeOverrides = {}): Promise<ChargeRow> {
  const n = next();
  const driverId = overrides.driverId ?? (await aDriver(database, { balanceTyiyn: 1_000_000 })).id;
  const idTag = overrides.idTag ?? `TAG${n}X${Date.now().toString(36)}`.slice(0, 20);
  // Bound past the limit of a driver's tags: a test may charge one driver many times, each with a tag of its own.
  if (overrides.idTag === undefined) await bindIdTag(database.db, driverId, idTag);
  const station = overrides.station ?? (await aChargePoint(database));
  const startedAt = overrides.startedAt ?? new Date();
  const meterStartWh = overrides.meterStartWh ?? n * 1_000;
  const ocppConnectorId = station.ocppConnectorId ?? 1;
  if (overrides.source) {
    await initiateCharge(database.db, {
      stationId: station.id,
      ocppConnectorId,
      idTag,
      source: overrides.source,
      at: startedAt,
    });
  }
  const { charge } = await openCharge(database.db, {
    stationId: station.id,
    ocppConnectorId,
    idTag,
    meterStartWh,
    startedAt,
  });
  if (overrides.stop === false || charge.status !== 'in_progress') return charge;
  const finishedAt = overrides.finishedAt ?? new Date(startedAt.getTime() + 3_600_000);
  const completed = await completeCharge(database.db, charge.id, {
    meterStopWh: meterStartWh + (overrides.consumedWh ?? 10_000),
    finishedAt,
    reason: overrides.reason ?? (overrides.stop === 'stopped' ? 'Remote' : 'Local'),
    stoppedByBackOffice: overrides.stop === 'stopped',
    bookedAt: finishedAt,
  });
  return completed.charge;
}
