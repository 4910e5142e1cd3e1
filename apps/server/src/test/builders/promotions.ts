import { promotionCreateRequest, type PromotionCreateRequest } from '@evcms/contracts/promotions';
import type { Database } from '../../db/client.ts';
import { promotions, promotionStations } from '../../db/schema/promotions.ts';
import { promotionsChanged } from '../../modules/promotions/promotion-discounts.service.ts';
import { createPromotion, type PromotionsDeps } from '../../modules/promotions/promotions.service.ts';
import { theBuildersManager } from './accounts.ts';
import { titled } from './catalog.ts';
import { aStoredMerchant } from './merchants.ts';
import { next } from './sequence.ts';
import { aStation, TINY_PNG } from './stations.ts';

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

/** The promotions service with a media store that "keeps" an image under its name and writes nothing. */
export function promotionsDeps(database: Database): PromotionsDeps {
  return {
    db: database.db,
    media: { keep: async (file, folder) => `${folder}/${file.filename}`, remove: async () => undefined },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The fields of a valid create request: active, the company's, 10 % off, from yesterday for 30
 * days, at a new station of a new merchant unless `stations` is given. Overrides replace fields.
 */
export async function aPromotionRequest(
  database: Database,
  overrides: Partial<PromotionCreateRequest> = {},
): Promise<PromotionCreateRequest> {
  const title = titled(`Promotion ${next()}`);
  const stations = overrides.stations ?? [(await aStation(database, await aStoredMerchant(database))).id];
  return {
    title_ru: title.ru,
    title_en: title.en,
    title_ky: title.ky,
    initiator: 'company',
    discount_percent: '10',
    start_at: new Date(Date.now() - DAY_MS).toISOString(),
    end_at: new Date(Date.now() + 30 * DAY_MS).toISOString(),
    ...overrides,
    stations,
  };
}

/** A promotion made through the promotions service (an image that is not written anywhere), by the builders' manager. */
export async function aPromotion(database: Database, overrides: Partial<PromotionCreateRequest> = {}) {
  const input = promotionCreateRequest.parse(await aPromotionRequest(database, overrides));
  const image = {
    filename: `promotion-${next()}.png`,
    mimetype: 'image/png',
    size: TINY_PNG.length,
    type: 'png' as const,
    tempPath: '/nonexistent',
  };
  return createPromotion(promotionsDeps(database), { ...input, image }, await theBuildersManager(database));
}
