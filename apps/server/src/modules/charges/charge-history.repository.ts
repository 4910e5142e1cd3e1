import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { charges } from '../../db/schema/charges.ts';

/** A driver's completed, paid charges other than `chargeId`, counted up to `upTo` (the index on the driver reads no more). */
export async function countPaidCharges(db: Db, driverId: number, chargeId: number, upTo: number): Promise<number> {
  const paid = db
    .select({ one: sql`1` })
    .from(charges)
    .where(and(eq(charges.driverId, driverId), ne(charges.id, chargeId), eq(charges.result, 'successful')))
    .limit(upTo)
    .as('paid');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(paid);
  return Number(row?.count ?? 0);
}
