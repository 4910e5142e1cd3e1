import type { Database } from '../../db/client.ts';
import { promotions } from '../../db/schema/promotions.ts';
import { titled } from './catalog.ts';
import { next } from './sequence.ts';

/**
 * A promotion row written straight to the table (inactive, a fifth off, the company's, no
 * stations), for tests that register their own `discountFor` and need a promotion a charge may name.
 */
export async function aPromotionRow(database: Database): Promise<number> {
  const title = titled(`Promotion ${next()}`);
  const [row] = await database.db
    .insert(promotions)
    .values({
      titleRu: title.ru,
      titleEn: title.en,
      titleKy: title.ky,
      image: 'promotion-images/test.png',
      initiator: 'company',
      discountBasisPoints: 2000,
      startAt: new Date('2024-01-01T00:00:00Z'),
      endAt: new Date('2099-01-01T00:00:00Z'),
      status: 1,
    })
    .returning({ id: promotions.id });
  return row!.id;
}
