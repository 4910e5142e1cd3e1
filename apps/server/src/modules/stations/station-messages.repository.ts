import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { ocppMessageBatches } from '../../db/schema/ocpp.ts';
import { stations } from '../../db/schema/stations.ts';
import { arrayLiteral } from '../../lib/prepared.ts';

/** The stations' OCPP message log (db/schema/ocpp.ts `ocpp_message_batches`). */

/** A station's frames of one flush: the text of a JSON array of entries (station-message-entries.ts). */
export interface MessageBatchValues {
  stationId: number;
  /** The last entry's time. */
  at: Date;
  /** How many entries `frames` holds. */
  count: number;
  frames: string;
}

/**
 * Joins the rows' texts into one parameter: U+0001 is in no JSON text (control characters are
 * escaped within its strings and not allowed between its tokens), and one text is sent and split
 * by PostgreSQL far more cheaply than an array literal, whose every quote would be escaped.
 */
const SEPARATOR = '\u0001';

/**
 * Many stations' batches in one statement. Those of a station deleted meanwhile are dropped, not
 * the statement (the station is not a foreign key).
 */
export async function insertMessageBatches(db: Db, batches: readonly MessageBatchValues[]): Promise<void> {
  if (!batches.length) return;
  const frames = batches.map((batch) => batch.frames).join(SEPARATOR);
  await db.execute(sql`
    insert into ${ocppMessageBatches} (station_id, at, count, frames)
    select b.station_id, b.at, b.count, b.frames
    from unnest(
        ${arrayLiteral(batches.map(({ stationId }) => stationId))}::int[],
        ${arrayLiteral(batches.map(({ at }) => at.toISOString()))}::timestamptz[],
        ${arrayLiteral(batches.map(({ count }) => count))}::int[],
        string_to_array(${frames}, chr(1))
      ) with ordinality as b(station_id, at, count, frames, n)
    join ${stations} on ${stations.id} = b.station_id
    order by b.n`);
}

export interface MessageBatchRow {
  id: number;
  /** The station's entries in this row and the rows after it: the newest entry is number 1. */
  through: number;
  count: number;
  /** The last entry's time, ISO. */
  at: string;
  frames: string;
}

/**
 * The rows holding the station's entries numbered `offset + 1` to `offset + limit`, newest first
 * (the newest entry is number 1), and how many entries the station has.
 */
export async function findMessageBatches(
  db: Db,
  stationId: number,
  window: { limit: number; offset: number },
): Promise<[MessageBatchRow[], number]> {
  const [rows, [total]] = [
    await queryRows<MessageBatchRow>(
      db,
      // Every row holds a frame at least: the page's rows are among the first offset + limit.
      sql`with w as (
          select id, count, sum(count) over (order by id desc) as through
          from (select id, count from ${ocppMessageBatches} where station_id = ${stationId} order by id desc limit ${window.offset + window.limit}) as newest)
        select w.id::float8 as id, w.through::float8 as through, w.count, to_json(b.at) #>> '{}' as at, b.frames
        from w join ${ocppMessageBatches} b on b.id = w.id
        where w.through > ${window.offset} and w.through - w.count < ${window.offset + window.limit}
        order by w.id desc`,
    ),
    await queryRows<{ n: number }>(
      db,
      sql`select coalesce(sum(count), 0)::float8 as n from ${ocppMessageBatches} where station_id = ${stationId}`,
    ),
  ];
  return [rows, total?.n ?? 0];
}

/** Deletes up to `limit` rows whose newest frame is older than `before`; the rows and frames deleted (a sweep repeats until it is short of rows). */
export async function deleteMessageBatchesBefore(
  db: Db,
  before: Date,
  limit: number,
): Promise<{ rows: number; frames: number }> {
  const [deleted] = await queryRows<{ rows: number; frames: number }>(
    db,
    sql`with gone as (
        delete from ${ocppMessageBatches}
        where id in (select id from ${ocppMessageBatches} where at < ${before.toISOString()}::timestamptz limit ${limit})
        returning count)
      select count(*)::int as rows, coalesce(sum(count), 0)::int as frames from gone`,
  );
  return deleted ?? { rows: 0, frames: 0 };
}
