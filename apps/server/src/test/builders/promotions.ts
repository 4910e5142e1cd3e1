import type { Database } from '../../db/client.ts';
import { promotions, promotionStations } from '../../db/schema/promotions.ts';
import { promotionsChanged } from '../../modules/promotions/promotion-discounts.service.ts';
import { titled } from './catalog.ts';
import { next } from './sequence.ts';

export type PromotionRowOverrides = Partial<
  Pick<
    typeof promotions.$inferInsert,
    | 'status'
    | 'startAt'
    | 'endAt'
    | 'happyHoursStart'
    | 'happyHoursEnd'
    | 'minChargeTyiyn'
    | 'minCharges'
    | 'discountBasisPoints'
    | 'discountTyiyn'
    | 'createdAt'
  >
> & { stationIds?: number[] };

/**
 * A promotion row written straight to the tables: inactive, a fifth off, the company's, from 2024 to
 * 2099, no stations unless told. For the discount's tests (which set what the API's rules would
 * refuse too, such as a promotion already over) and for tests that register their own `discountFor`
 * and need a promotion a charge may name.
 */
export async function aPromotionRow(database: Database, overrides: PromotionRowOverrides = {}): Promise<number> {
  const { stationIds = [], ...values } = overrides;
  const title = titled(`Promotion ${next()}`);
  const discount =
    values.discountTyiyn != null ? { discountBasisPoints: null } : { discountBasisPoints: 2000, discountTyiyn: null };
  const [row] = await database.db
    .insert(promotions)
    .values({
      titleRu: title.ru,
      titleEn: title.en,
      titleKy: title.ky,
      image: 'promotion-images/test.png',
      initiator: 'company',
      startAt: new Date('2024-01-01T00:00:00Z'),
      endAt: new Date('2099-01-01T00:00:00Z'),
      status: 1,
      ...discount,
      ...values,
    })
    .returning({ id: promotions.id });
  const id = row!.id;
  if (stationIds.length)
    await database.db.insert(promotionStations).values(stationIds.map((stationId) => ({ promotionId: id, stationId })));
  promotionsChanged(database.db);
  return id;
}
