import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drivers } from '../../db/schema/drivers.ts';
import { promoCodeRedemptions } from '../../db/schema/promo-codes.ts';

/*
 * A promo code's redemptions with their drivers' names (modules/promo-codes): the redemptions are
 * the promo codes' table, the names the drivers', read in one query for the page.
 */

export interface PromoCodeRedemptionRow {
  id: number;
  createdAt: Date;
  managerId: number | null;
  driver: { id: number; surname: string; firstName: string; phone: string; account: string };
}

/** One code's redemptions, newest first, with the count of them all. */
export async function promoCodeRedemptionsPage(
  db: Db,
  promoCodeId: number,
  window: { limit: number; offset: number },
): Promise<{ rows: PromoCodeRedemptionRow[]; total: number }> {
  const where = eq(promoCodeRedemptions.promoCodeId, promoCodeId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: promoCodeRedemptions.id,
        createdAt: promoCodeRedemptions.createdAt,
        managerId: promoCodeRedemptions.managerId,
        driver: {
          id: drivers.id,
          surname: drivers.surname,
          firstName: drivers.firstName,
          phone: drivers.phone,
          account: drivers.account,
        },
      })
      .from(promoCodeRedemptions)
      .innerJoin(drivers, eq(drivers.id, promoCodeRedemptions.driverId))
      .where(where)
      .orderBy(desc(promoCodeRedemptions.createdAt), desc(promoCodeRedemptions.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(promoCodeRedemptions).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
