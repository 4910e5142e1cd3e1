import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { charges } from '../../db/schema/charges.ts';
import { OPEN_STATUSES } from './charges.rules.ts';

/** A charge's row, as the charge services read and write it. */
export type ChargeRow = typeof charges.$inferSelect;
export type ChargeValues = Omit<typeof charges.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'finishedTime'>;

export async function findChargeRow(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<ChargeRow | undefined> {
  const query = db.select().from(charges).where(eq(charges.id, id));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** What makes a StartTransaction the same one sent again. */
export interface StartKey {
  stationId: number;
  ocppConnectorId: number;
  idTag: string;
  meterStartWh: number;
  startedAt: Date;
}

/** A start's key but its time: the station, connector, tag and meter start. */
function sameStart(key: Omit<StartKey, 'startedAt'>) {
  return [
    eq(charges.stationId, key.stationId),
    eq(charges.ocppConnectorId, key.ocppConnectorId),
    eq(charges.idTag, key.idTag),
    eq(charges.meterStartWh, key.meterStartWh),
  ];
}

export async function findByStartKey(db: Db, key: StartKey): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(charges)
    .where(and(...sameStart(key), eq(charges.startedAt, key.startedAt)));
  return row;
}

/**
 * A start whose time was replaced by the server's (it was marked for review), on this connector
 * with this tag and meter start, still open (or refused and not yet stopped): the same
 * StartTransaction sent again, whose time cannot tell it.
 */
export async function findReplacedStart(db: Db, key: Omit<StartKey, 'startedAt'>): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(charges)
    .where(
      and(
        ...sameStart(key),
        isNotNull(charges.reviewReason),
        or(
          inArray(charges.status, [...OPEN_STATUSES]),
          and(eq(charges.status, 'unauthorized'), isNull(charges.finishedAt)),
        ),
      ),
    )
    .orderBy(desc(charges.id))
    .limit(1);
  return row;
}

/** Inserts a charge; undefined when a unique index already holds one like it (the start key). */
export async function insertCharge(db: Db, values: ChargeValues): Promise<ChargeRow | undefined> {
  const [row] = await db.insert(charges).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCharge(db: Db, id: number, values: Partial<ChargeValues>): Promise<ChargeRow> {
  const [row] = await db
    .update(charges)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(charges.id, id))
    .returning();
  return row!;
}

/** The newest charge on a connector that meets `conditions` too, latest start first. */
function newestOnConnector(db: Db, stationId: number, ocppConnectorId: number, ...conditions: (SQL | undefined)[]) {
  return db
    .select()
    .from(charges)
    .where(and(eq(charges.stationId, stationId), eq(charges.ocppConnectorId, ocppConnectorId), ...conditions))
    .orderBy(desc(charges.startedAt), desc(charges.id))
    .limit(1);
}

/** The newest initiated charge on a connector waiting for this tag (or for any tag), locked. */
export async function findInitiatedCharge(
  db: Db,
  stationId: number,
  ocppConnectorId: number,
  idTag: string | null,
): Promise<ChargeRow | undefined> {
  const [row] = await newestOnConnector(
    db,
    stationId,
    ocppConnectorId,
    eq(charges.status, 'initiated'),
    idTag === null ? undefined : or(isNull(charges.idTag), sql`lower(${charges.idTag}) = lower(${idTag})`),
  ).for('update');
  return row;
}

/** The newest open charge on a connector (initiated, charging or paused). */
export async function findOpenCharge(
  db: Db,
  stationId: number,
  ocppConnectorId: number,
): Promise<ChargeRow | undefined> {
  const [row] = await newestOnConnector(db, stationId, ocppConnectorId, inArray(charges.status, [...OPEN_STATUSES]));
  return row;
}

/** A station's open charges started before `before`, locked in id order (so two callers cannot deadlock). */
export async function lockOpenCharges(db: Db, stationId: number, before: Date): Promise<ChargeRow[]> {
  return db
    .select()
    .from(charges)
    .where(
      and(eq(charges.stationId, stationId), inArray(charges.status, [...OPEN_STATUSES]), lt(charges.startedAt, before)),
    )
    .orderBy(asc(charges.id))
    .for('update');
}

/**
 * Cancels the charges still initiated that were initiated before `before` (result failed). One
 * statement: a StartTransaction that takes such a charge over holds its row, and PostgreSQL then
 * checks the status again on the row it wrote, so a started charge is never canceled.
 */
export function cancelInitiatedBefore(db: Db, before: Date): Promise<ChargeRow[]> {
  return db
    .update(charges)
    .set({ status: 'canceled', result: 'failed', updatedAt: new Date() })
    .where(and(eq(charges.status, 'initiated'), lt(charges.startedAt, before)))
    .returning();
}

/** The stations with an open charge, read from the partial index of open charges. */
export async function findStationsWithOpenCharges(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ stationId: charges.stationId })
    .from(charges)
    .where(and(inArray(charges.status, [...OPEN_STATUSES]), isNotNull(charges.stationId)));
  return rows.map((row) => row.stationId!);
}
