import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/*
 * The services date what they create "now" (the database's now(), or new Date()); a demo history
 * of months needs merchants, stations and rates set up before it and drivers registered as it
 * goes, or the driver list would say everyone joined today, after their own charges. So once the
 * network is filled, these creation dates are moved back to when the story says they happened.
 * Only dates change: no balance, price, status or rule depends on them. (The ledger and the
 * charges are dated by the services themselves, from the times the demo passes them.)
 */

export interface DemoDates {
  merchants: [id: number, at: number][];
  stations: [id: number, at: number][];
  rates: [id: number, at: number][];
  drivers: [id: number, at: number][];
  promotions: [id: number, at: number][];
}

function values(rows: readonly [number, number][]): SQL {
  return sql.join(
    rows.map(([id, at]) => sql`(${id}::int, ${new Date(at).toISOString()}::timestamptz)`),
    sql`, `,
  );
}

/** Sets `columns` of the rows of `table` named by id; and the news event of each (its `kind`), when it has one. */
async function backdate(
  tx: Db,
  table: string,
  columns: readonly string[],
  rows: readonly [number, number][],
  newsKind?: string,
): Promise<void> {
  if (!rows.length) return;
  const set = sql.join(
    columns.map((column) => sql`${sql.identifier(column)} = v.at`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${sql.identifier(table)} set ${set} from (values ${values(rows)}) as v(id, at) where ${sql.identifier(table)}.id = v.id`,
  );
  if (newsKind) {
    await tx.execute(
      sql`update news_events set created_at = v.at from (values ${values(rows)}) as v(id, at) where kind = ${newsKind} and subject_id = v.id`,
    );
  }
}

export async function backdateDemo(db: Db, dates: DemoDates): Promise<void> {
  await db.transaction(async (tx) => {
    await backdate(tx, 'merchants', ['created_at'], dates.merchants, 'merchant_created');
    await backdate(tx, 'stations', ['created_at'], dates.stations, 'station_created');
    await backdate(tx, 'rates', ['created_at'], dates.rates);
    await backdate(tx, 'promotions', ['created_at'], dates.promotions, 'promotion_created');
    await backdate(tx, 'drivers', ['registered_at', 'created_at'], dates.drivers, 'user_created');
    // A driver's cards were bound when they registered.
    await tx.execute(
      sql`update driver_id_tags set created_at = d.registered_at from drivers d where d.id = driver_id_tags.driver_id`,
    );
  });
}
