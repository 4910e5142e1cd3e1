import { asc, count, inArray } from 'drizzle-orm';
import type { Localized } from '@evcms/contracts/localized';
import type { Db } from '../../db/client.ts';
import { charges } from '../../db/schema/charges.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { stations } from '../../db/schema/stations.ts';

/*
 * The promotions' reads across domains: their stations' and merchants' names and how many charges
 * each gave a discount to. The promotions module says which promotions (promotions.repository.ts);
 * these read what the page or the card shows of them, a query each whatever the page's size.
 */

export interface PromotionStationName {
  id: number;
  name: Localized;
  merchantId: number;
}

/** The stations of `ids` that exist, by id. */
export async function stationNames(db: Db, ids: readonly number[]): Promise<PromotionStationName[]> {
  if (!ids.length) return [];
  return db
    .select({ id: stations.id, name: localizedSelection(stations, 'name'), merchantId: stations.merchantId })
    .from(stations)
    .where(inArray(stations.id, [...ids]))
    .orderBy(asc(stations.id));
}

/** The names of the merchants of `ids` that exist. */
export async function merchantNames(db: Db, ids: readonly number[]): Promise<Map<number, Localized>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: merchants.id, name: localizedSelection(merchants, 'name') })
    .from(merchants)
    .where(inArray(merchants.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** How many charges each of `promotionIds` gave a discount to (none left out: 0 then is absent). */
export async function promotionChargeCounts(db: Db, promotionIds: readonly number[]): Promise<Map<number, number>> {
  if (!promotionIds.length) return new Map();
  const rows = await db
    .select({ promotionId: charges.promotionId, charges: count() })
    .from(charges)
    .where(inArray(charges.promotionId, [...promotionIds]))
    .groupBy(charges.promotionId);
  return new Map(rows.map((row) => [row.promotionId!, row.charges]));
}
