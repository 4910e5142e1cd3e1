import type { Localized } from '@evcms/contracts/localized';
import { localizedFields } from '@evcms/contracts/localized';
import { promotionCreateRequest, type PromotionCreateRequest } from '@evcms/contracts/promotions';
import { STATUS_ACTIVE, STATUS_INACTIVE } from '@evcms/contracts/status';
import { createPromotion } from '../modules/promotions/promotions.service.ts';
import { DAY } from './demo-history.ts';
import { pictureUpload, promotionPicture } from './demo-image.ts';
import type { Rgb } from '../lib/png.ts';
import type { NetworkDeps } from './demo-network.ts';
import type { DemoStation } from './demo-stations.ts';

/*
 * The demo's promotions, made through the promotions service before the charge history is played,
 * so the history's charges get their discounts from the one price rule as real ones would: a
 * network-wide tenth off, night hours in Bishkek, fifty som for regulars, a merchant's promotion
 * that has ended, and one planned for later. Answers each promotion with when it was made.
 */

const l = (ru: string, en: string, ky: string): Localized => ({ ru, en, ky });

interface DemoPromotion {
  title: Localized;
  colour: Rgb;
  fields: Omit<PromotionCreateRequest, 'title_ru' | 'title_en' | 'title_ky' | 'start_at' | 'end_at' | 'stations'>;
  stations: 'all' | 'bishkek' | number;
  /** Where in the history (0 its start, 1 now), or days after now. */
  start: { share?: number; fromNow?: number };
  end: { share?: number; fromNow?: number };
}

export interface PromotionsInput {
  deps: NetworkDeps;
  uploadsDir: string;
  stations: readonly DemoStation[];
  /** The merchant index (demo-places.ts MERCHANTS) of each station, in `stations`' order. */
  stationMerchants: readonly number[];
  merchantIds: readonly number[];
  historyStart: number;
  now: number;
}

function demoPromotions(): DemoPromotion[] {
  return [
    {
      title: l('Скидка 10% на всех станциях', '10% off at every station', 'Бардык станцияларда 10% арзандатуу'),
      colour: [8, 117, 117],
      fields: { initiator: 'company', discount_percent: '10', status: STATUS_ACTIVE },
      stations: 'all',
      start: { share: 0.5 },
      end: { fromNow: 60 },
    },
    {
      title: l('Ночные часы: минус 20%', 'Night hours: 20% off', 'Түнкү сааттар: 20% арзандатуу'),
      colour: [35, 45, 110],
      fields: {
        initiator: 'company',
        discount_percent: '20',
        happy_hours_start: '22:00:00',
        happy_hours_end: '06:00:00',
        status: STATUS_ACTIVE,
      },
      stations: 'bishkek',
      start: { share: 0.25 },
      end: { fromNow: 90 },
    },
    {
      title: l('Постоянным клиентам 50 сом', 'Regulars: 50 som off', 'Туруктуу кардарларга 50 сом'),
      colour: [190, 90, 20],
      fields: {
        initiator: 'payment_system',
        discount_amount: '50',
        min_charge_amount: '300',
        min_charges: 5,
        status: STATUS_ACTIVE,
      },
      stations: 'all',
      start: { share: 0.4 },
      end: { fromNow: 30 },
    },
    {
      title: l('Ош Энерджи: минус 15%', 'Osh Energy: 15% off', 'Ош Энерджи: 15% арзандатуу'),
      colour: [150, 30, 40],
      fields: { initiator: 'merchant', discount_percent: '15', status: STATUS_INACTIVE },
      stations: 2,
      start: { share: 0.1 },
      end: { share: 0.35 },
    },
    {
      title: l('Летняя акция 25%', 'Summer promotion 25%', 'Жайкы акция 25%'),
      colour: [40, 130, 40],
      fields: { initiator: 'company', discount_percent: '25', status: STATUS_INACTIVE },
      stations: 'all',
      start: { fromNow: 40 },
      end: { fromNow: 100 },
    },
  ];
}

export async function createPromotions(input: PromotionsInput): Promise<[id: number, createdAt: number][]> {
  const { deps, stations, stationMerchants, merchantIds, historyStart, now } = input;
  const at = (when: { share?: number; fromNow?: number }) =>
    when.share !== undefined ? historyStart + when.share * (now - historyStart) : now + (when.fromNow ?? 0) * DAY;
  const made: [number, number][] = [];
  for (const promotion of demoPromotions()) {
    const chosen = stations.filter((station, i) =>
      promotion.stations === 'all'
        ? true
        : promotion.stations === 'bishkek'
          ? station.town === 'bishkek'
          : stationMerchants[i] === promotion.stations,
    );
    if (!chosen.length) continue;
    const start = at(promotion.start);
    const end = at(promotion.end);
    // A demo dated in the past (its tests) may have ended what is active today: it stays inactive then.
    const status = end > Date.now() ? promotion.fields.status : STATUS_INACTIVE;
    const merchant = typeof promotion.stations === 'number' ? { merchant: merchantIds[promotion.stations] } : {};
    const request = promotionCreateRequest.parse({
      ...localizedFields('title', promotion.title),
      ...promotion.fields,
      ...merchant,
      stations: chosen.map((station) => station.id),
      start_at: new Date(start).toISOString(),
      end_at: new Date(end).toISOString(),
      status,
    });
    const image = await pictureUpload(input.uploadsDir, promotionPicture(promotion.colour), 'promotion.png');
    const created = await createPromotion(deps, { ...request, image }, deps.managerId);
    // Made a few days before it began, or two days ago for one still to come.
    made.push([created.id, Math.min(start - 3 * DAY, now - 2 * DAY)]);
  }
  return made;
}
