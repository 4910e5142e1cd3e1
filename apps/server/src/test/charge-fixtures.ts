import type { Database } from '../db/client.ts';
import type { ChargeRow } from '../modules/charges/charge-lifecycle.service.ts';
import { openCharge } from '../modules/charges/charge-start.service.ts';
import { aCharge, aChargePoint } from './builders/charges.ts';
import { aDriver } from './builders/drivers.ts';

/**
 * Five charges around Bishkek midnight (UTC+6) for the tests of the list's filters and its export:
 * the days and times of day of the filters are Bishkek's, so 18:00 UTC is already the next day there.
 * c2 and c4 were started remotely, the others by a card at the station.
 */
export interface FilterCharges {
  stationA: Awaited<ReturnType<typeof aChargePoint>>;
  stationB: Awaited<ReturnType<typeof aChargePoint>>;
  driverId: number;
  /** A, 1 March 23:00 -> 23:59:59, finished. */
  c1: ChargeRow;
  /** A, 1 March 23:30 -> 2 March 00:00:00, started and stopped by the back office. */
  c2: ChargeRow;
  /** B, the driver, 2 March 09:00 -> 10:30, finished. */
  c3: ChargeRow;
  /** B, the driver, 2 March 23:00, charging, started by the driver's app. */
  c4: ChargeRow;
  /** A, 3 March 12:00, an unknown tag: unauthorized. */
  c5: ChargeRow;
}

export async function filterCharges(database: Database): Promise<FilterCharges> {
  const stationA = await aChargePoint(database, { name: 'Ala-Too', customFeeTyiyn: 1250 });
  const stationB = await aChargePoint(database, { name: 'Dordoi', typo: 'ccs2' });
  const driverId = (
    await aDriver(database, { surname: 'Асанов', firstName: 'Бакыт', phone: '996555100200', balanceTyiyn: 500_000 })
  ).id;
  const c1 = await aCharge(database, {
    station: stationA,
    startedAt: new Date('2024-03-01T17:00:00Z'),
    finishedAt: new Date('2024-03-01T17:59:59Z'),
  });
  const c2 = await aCharge(database, {
    station: stationA,
    startedAt: new Date('2024-03-01T17:30:00Z'),
    finishedAt: new Date('2024-03-01T18:00:00Z'),
    stop: 'stopped',
    source: 'back_office',
  });
  const c3 = await aCharge(database, {
    station: stationB,
    driverId,
    startedAt: new Date('2024-03-02T03:00:00Z'),
    finishedAt: new Date('2024-03-02T04:30:00Z'),
    meterStartWh: 100_000,
    consumedWh: 12_345,
    reason: 'EVDisconnected',
  });
  const c4 = await aCharge(database, {
    station: stationB,
    driverId,
    startedAt: new Date('2024-03-02T17:00:00Z'),
    stop: false,
    source: 'app',
  });
  const opened = await openCharge(database.db, {
    stationId: stationA.id,
    ocppConnectorId: 1,
    idTag: 'STRANGER',
    meterStartWh: 0,
    startedAt: new Date('2024-03-03T06:00:00Z'),
  });
  return { stationA, stationB, driverId, c1, c2, c3, c4, c5: opened.charge };
}
