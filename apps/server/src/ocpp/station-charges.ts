import {
  findChargeRow,
  findMeterBase,
  type ChargeRow,
  type MeterBase,
} from '../modules/charges/charge-lifecycle.service.ts';
import type { OcppContext, StationLink } from './context.ts';
import { isInt4 } from './ocpp-numbers.ts';

/**
 * The charge a station's transactionId names, when it is one of that station's: a number that is
 * no charge, or another station's, is no transaction of this one (a station never reports on
 * another's charges).
 */
export async function stationCharge(
  ctx: OcppContext,
  station: StationLink,
  transactionId: number,
): Promise<ChargeRow | undefined> {
  if (!isInt4(transactionId)) return undefined;
  const charge = await findChargeRow(ctx.db, transactionId);
  return charge?.stationId === station.stationId ? charge : undefined;
}

/** stationCharge for MeterValues: only what a reading needs of the charge. */
export async function stationMeterBase(
  ctx: OcppContext,
  station: StationLink,
  transactionId: number,
): Promise<MeterBase | undefined> {
  if (!isInt4(transactionId)) return undefined;
  const charge = await findMeterBase(ctx.db, transactionId);
  return charge?.stationId === station.stationId ? charge : undefined;
}
