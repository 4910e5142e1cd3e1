import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { charges, oneOf } from '../../db/schema/charges.ts';
import { arrayLiteral, perDatabase } from '../../lib/prepared.ts';
import { OPEN_STATUSES, RUNNING_STATUSES } from './charges.rules.ts';

/*
 * The charges' statements on MeterValues' and StatusNotification's hot path (thousands of calls a
 * second from a large network): prepared (lib/prepared.ts) and reading only the columns they need.
 */

const ph = sql.placeholder;

/** What a meter reading needs of its charge besides the reading: its station and status, and its start's meter and price. */
const baseColumns = {
  id: charges.id,
  stationId: charges.stationId,
  status: charges.status,
  meterStartWh: charges.meterStartWh,
  priceTyiyn: charges.priceTyiyn,
};

const byId = perDatabase((db) => db.select(baseColumns).from(charges).where(eq(charges.id, ph('id'))).prepare('charge_meter_base'));

/**
 * The open statuses written into the statement, not passed as parameters: only then may a prepared
 * statement's generic plan use charges_open_idx, whose predicate names them. With parameters it
 * read the station's whole history backwards (charges_station_idx) on every StatusNotification.
 */
const isOpen = oneOf('charges.status', OPEN_STATUSES);

const openOnConnector = perDatabase((db) =>
  db
    .select(baseColumns)
    .from(charges)
    .where(and(eq(charges.stationId, ph('stationId')), eq(charges.ocppConnectorId, ph('connectorId')), isOpen))
    .orderBy(desc(charges.startedAt), desc(charges.id))
    .limit(1)
    .prepare('charge_meter_base_open'),
);

/** The open charges of many connectors, each connector's newest first (the stations by key, as lib/prepared.ts asks). */
const openOnConnectors = perDatabase((db) =>
  db
    .select({ ...baseColumns, connectorId: charges.ocppConnectorId })
    .from(charges)
    .where(
      and(
        sql`${charges.stationId} = any(${ph('stationIds')}::int[])`,
        sql`(${charges.stationId}, ${charges.ocppConnectorId}) in (select * from unnest(${ph('stationIds')}::int[], ${ph('connectorIds')}::int[]))`,
        isOpen,
      ),
    )
    .orderBy(desc(charges.startedAt), desc(charges.id))
    .prepare('charge_meter_base_open_together'),
);

export type MeterBase = Awaited<ReturnType<ReturnType<typeof byId>['execute']>>[number];

/** findOpenMeterBase for many connectors in one statement: for each, in order, its newest open charge. */
export async function findOpenMeterBases(db: Db, connectors: readonly { stationId: number; connectorId: number }[]): Promise<(MeterBase | undefined)[]> {
  const rows = await openOnConnectors(db).execute({
    stationIds: arrayLiteral(connectors.map(({ stationId }) => stationId)),
    connectorIds: arrayLiteral(connectors.map(({ connectorId }) => connectorId)),
  });
  const newest = new Map<string, MeterBase>();
  for (const { connectorId, ...base } of rows) {
    const key = `${base.stationId}:${connectorId}`;
    if (!newest.has(key)) newest.set(key, base);
  }
  return connectors.map(({ stationId, connectorId }) => newest.get(`${stationId}:${connectorId}`));
}

export async function findMeterBase(db: Db, id: number): Promise<MeterBase | undefined> {
  const [row] = await byId(db).execute({ id });
  return row;
}

/** The newest open charge on a connector (initiated, charging or paused), as findOpenCharge, narrow. */
export async function findOpenMeterBase(db: Db, stationId: number, connectorId: number): Promise<MeterBase | undefined> {
  const [row] = await openOnConnector(db).execute({ stationId, connectorId });
  return row;
}

/** What a meter reading's update gives back (also charge-progress-batch.ts's). */
export const PROGRESSED = {
  id: charges.id,
  status: charges.status,
  stopRequestedAt: charges.stopRequestedAt,
  amountTyiyn: charges.amountTyiyn,
  driverId: charges.driverId,
  // Spelt out: drizzle leaves RETURNING's columns unqualified, which the subquery's tables would capture.
  driverBalanceTyiyn: sql<number | null>`(select d.balance_tyiyn from driver_id_tags t join drivers d on d.id = t.driver_id where lower(t.id_tag) = lower(charges.id_tag))`.mapWith(Number),
};

/**
 * One reading applied, guarded by what it was computed from: the charge still runs, with the same
 * start's meter and price, and has no reading as new. The driver's balance (by the charge's tag,
 * as findDriverByIdTag) comes back with the row, for the prepaid protection.
 */
const progress = perDatabase((db) =>
  db
    .update(charges)
    .set({
      lastMeterWh: sql`${ph('meterWh')}::bigint`,
      lastMeterAt: sql`${ph('at')}::timestamptz`,
      consumedWh: sql`${ph('consumedWh')}::bigint`,
      amountTyiyn: sql`${ph('amountTyiyn')}::bigint`,
      powerW: sql`coalesce(${ph('powerW')}::integer, ${charges.powerW})`,
      socPercent: sql`coalesce(${ph('socPercent')}::smallint, ${charges.socPercent})`,
      updatedAt: sql`${ph('updatedAt')}::timestamptz`,
    })
    .where(
      and(
        eq(charges.id, ph('id')),
        inArray(charges.status, [...RUNNING_STATUSES]),
        sql`${charges.meterStartWh} = ${ph('meterStartWh')}::bigint`,
        sql`${charges.priceTyiyn} = ${ph('priceTyiyn')}::integer`,
        sql`(${charges.lastMeterAt} is null or ${charges.lastMeterAt} < ${ph('at')}::timestamptz)`,
      ),
    )
    .returning(PROGRESSED)
    .prepare('charge_meter_progress'),
);

export interface ProgressValues {
  id: number;
  meterStartWh: number;
  priceTyiyn: number;
  meterWh: number;
  at: Date;
  consumedWh: number;
  amountTyiyn: number;
  powerW: number | null;
  socPercent: number | null;
}

export type ProgressedCharge = Awaited<ReturnType<ReturnType<typeof progress>['execute']>>[number];

/** The charge as the reading left it; undefined when the guard kept it as it was. */
export async function updateMeterProgress(db: Db, values: ProgressValues): Promise<ProgressedCharge | undefined> {
  const [row] = await progress(db).execute({ ...values, at: values.at.toISOString(), updatedAt: new Date().toISOString() });
  return row;
}
