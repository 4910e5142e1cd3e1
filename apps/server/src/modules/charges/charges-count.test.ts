import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-db.ts';

/*
 * The counts the charge list's totals read (charges-count.repository.ts) are kept by one trigger
 * function on charges (migration 0024). Written here in plain SQL, one row or many per statement,
 * as the triggers see them; each count is compared with a COUNT(*) of the charges by its own key.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const run = (query: SQL) => database.db.execute(query);

/** The keys whose kept count differs from a COUNT(*) of the charges: none of the three when they are right. */
async function countsOff() {
  const statuses = await queryRows(
    database.db,
    sql`select coalesce(k.status, c.status) as status, k.charges as kept, c.n as counted
        from charge_status_counts k full join (select status, count(*) as n from charges group by status) c on c.status = k.status
        where coalesce(k.charges, 0) <> coalesce(c.n, 0)`,
  );
  const days = await queryRows(
    database.db,
    sql`select coalesce(k.status, c.status) as status, k.charges as kept, c.n as counted
        from charge_day_counts k full join (
          select (started_at at time zone 'Asia/Bishkek')::date as started_on, (finished_at at time zone 'Asia/Bishkek')::date as finished_on, status, count(*) as n
          from charges group by 1, 2, 3
        ) c on c.started_on = k.started_on and c.finished_on is not distinct from k.finished_on and c.status = k.status
        where coalesce(k.charges, 0) <> coalesce(c.n, 0)`,
  );
  const minutes = await queryRows(
    database.db,
    sql`select coalesce(k.status, c.status) as status, k.charges as kept, c.n as counted
        from charge_finish_minute_counts k full join (
          select extract(hour from finished_time) * 60 + extract(minute from finished_time) as minute, status, count(*) as n
          from charges where finished_time is not null group by 1, 2
        ) c on c.minute = k.minute and c.status = k.status
        where coalesce(k.charges, 0) <> coalesce(c.n, 0)`,
  );
  return { statuses, days, minutes };
}

const RIGHT = { statuses: [], days: [], minutes: [] };

/** A charge with no station: what the counts read is its status, its start and its finish. */
const charge = (status: string, startedAt: string, finishedAt: string | null = null) =>
  sql`(${status}, 'Станция', 'Station', 'Станция', 1, ${startedAt}::timestamptz, ${finishedAt}::timestamptz)`;
const insert = (...rows: SQL[]) =>
  run(sql`insert into charges (status, station_name_ru, station_name_en, station_name_ky, ocpp_connector_id, started_at, finished_at)
          values ${sql.join(rows, sql`, `)}`);

describe('the kept charge counts', () => {
  it('are kept by one function, charges_count, for insert, update and delete', async () => {
    const triggers = await queryRows<{ name: string; fn: string }>(
      database.db,
      sql`select t.tgname as name, p.proname as fn from pg_trigger t join pg_proc p on p.oid = t.tgfoid
          where t.tgrelid = 'charges'::regclass and not t.tgisinternal order by 1`,
    );
    expect(triggers).toEqual([
      { name: 'charges_count_deleted', fn: 'charges_count' },
      { name: 'charges_count_inserted', fn: 'charges_count' },
      { name: 'charges_count_updated', fn: 'charges_count' },
    ]);
  });

  it('match a COUNT(*) after inserts, meter readings, status changes and deletes of one charge or many', async () => {
    await insert(
      charge('in_progress', '2024-03-01T17:00:00Z'),
      charge('in_progress', '2024-03-01T17:30:00Z'),
      // 2 March 00:00:30 in Bishkek, its finish minute 0.
      charge('finished', '2024-03-01T17:40:00Z', '2024-03-01T18:00:30Z'),
      charge('unauthorized', '2024-03-02T06:00:00Z'),
    );
    await insert(charge('initiated', '2024-03-02T07:00:00Z'));
    expect(await countsOff()).toEqual(RIGHT);

    // A meter reading changes no counted key.
    await run(
      sql`update charges set consumed_wh = consumed_wh + 500, last_meter_at = now() where status = 'in_progress'`,
    );
    expect(await countsOff()).toEqual(RIGHT);

    // One charge starts, one finishes, then the rest are stopped in one statement, across midnight.
    await run(sql`update charges set status = 'in_progress' where status = 'initiated'`);
    await run(
      sql`update charges set status = 'finished', finished_at = '2024-03-01T17:59:59Z' where started_at = '2024-03-01T17:00:00Z'`,
    );
    await run(
      sql`update charges set status = 'stopped', finished_at = '2024-03-02T08:15:00Z' where status = 'in_progress'`,
    );
    expect(await countsOff()).toEqual(RIGHT);

    // A finish moved to another day and minute, the status the same.
    await run(sql`update charges set finished_at = finished_at + interval '1 day 3 minutes' where status = 'stopped'`);
    expect(await countsOff()).toEqual(RIGHT);

    await run(sql`delete from charges where status = 'unauthorized'`);
    expect(await countsOff()).toEqual(RIGHT);
    await run(sql`delete from charges where status in ('finished', 'stopped')`);
    expect(await countsOff()).toEqual(RIGHT);
    const [left] = await queryRows<{ kept: number }>(
      database.db,
      sql`select sum(charges)::int as kept from charge_status_counts`,
    );
    expect(left?.kept).toBe(0);
  });
});
