import { count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ocppMessages } from '../../db/schema/ocpp.ts';
import { stations } from '../../db/schema/stations.ts';

/** The stations' OCPP message log (db/schema/ocpp.ts `ocpp_messages`). */

export type OcppMessageRow = typeof ocppMessages.$inferSelect;
export type OcppMessageValues = Omit<typeof ocppMessages.$inferInsert, 'id'>;

/**
 * Many frames in one statement with one parameter: the log is written in batches
 * (ocpp/message-log.ts). Frames of a station deleted meanwhile are dropped, not the batch.
 */
export async function insertMessages(db: Db, rows: readonly OcppMessageValues[]): Promise<void> {
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((row) => ({ station_id: row.stationId, at: (row.at ?? new Date()).toISOString(), direction: row.direction, kind: row.kind, message_id: row.messageId, action: row.action ?? null, payload: row.payload })),
  );
  await db.execute(sql`
    insert into ${ocppMessages} (station_id, at, direction, kind, message_id, action, payload)
    select m.station_id, m.at, m.direction, m.kind, m.message_id, m.action, m.payload
    from rows from (json_to_recordset(${json}::json) as (station_id int, at timestamptz, direction text, kind text, message_id text, action text, payload json))
      with ordinality as m(station_id, at, direction, kind, message_id, action, payload, n)
    join ${stations} on ${stations.id} = m.station_id
    order by m.n`);
}

export async function findMessages(db: Db, stationId: number, window: { limit: number; offset: number }): Promise<[OcppMessageRow[], number]> {
  const where = eq(ocppMessages.stationId, stationId);
  const [rows, [total]] = [
    await db.select().from(ocppMessages).where(where).orderBy(desc(ocppMessages.id)).limit(window.limit).offset(window.offset),
    await db.select({ n: count() }).from(ocppMessages).where(where),
  ];
  return [rows, total?.n ?? 0];
}

/** Deletes up to `limit` frames older than `before`; the number deleted (a sweep repeats until it is short). */
export async function deleteMessagesBefore(db: Db, before: Date, limit: number): Promise<number> {
  const oldest = db.select({ id: ocppMessages.id }).from(ocppMessages).where(lt(ocppMessages.at, before)).limit(limit);
  const deleted = await db.delete(ocppMessages).where(inArray(ocppMessages.id, oldest)).returning({ id: ocppMessages.id });
  return deleted.length;
}
