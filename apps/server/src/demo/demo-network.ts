import type { FastifyBaseLogger } from 'fastify';
import { localizedFields, type Localized } from '@evcms/contracts/localized';
import { merchantCreateRequest } from '@evcms/contracts/merchants';
import { rateCreateRequest, type RateCreateRequest } from '@evcms/contracts/rates';
import { STATUS_ACTIVE, STATUS_INACTIVE } from '@evcms/contracts/status';
import type { Db } from '../db/client.ts';
import type { MediaStore } from '../lib/uploads.ts';
import { createInfrastructure } from '../modules/catalog/infrastructure.service.ts';
import { createTag } from '../modules/catalog/tags.service.ts';
import { createMerchant } from '../modules/merchants/merchants.service.ts';
import { createRate } from '../modules/rates/rates.service.ts';
import { ICONS } from './demo-image.ts';
import { KYRGYZSTAN, MERCHANTS, TOWNS } from './demo-places.ts';

/*
 * The demo's catalogue, merchants and rates, each created through its module's service from a
 * request its contract has parsed, as the API would.
 */

export interface NetworkDeps {
  db: Db;
  media: MediaStore;
  log: FastifyBaseLogger;
  managerId: number;
}

const l = (ru: string, en: string, ky: string): Localized => ({ ru, en, ky });

const TAGS = {
  fast: l('Быстрая зарядка', 'Fast charging', 'Тез кубаттоо'),
  allDay: l('Круглосуточно', 'Open 24/7', 'Күнү-түнү'),
  tourist: l('Туристический маршрут', 'Tourist route', 'Туристтик маршрут'),
} as const;
export type DemoTag = keyof typeof TAGS;

const INFRASTRUCTURE = {
  parking: l('Парковка', 'Parking', 'Унаа токтотуучу жай'),
  cafe: l('Кафе', 'Cafe', 'Кафе'),
  wifi: l('Wi-Fi', 'Wi-Fi', 'Wi-Fi'),
  toilet: l('Туалет', 'Toilet', 'Даараткана'),
  shop: l('Магазин', 'Shop', 'Дүкөн'),
} as const satisfies Record<keyof typeof ICONS, Localized>;
export type DemoItem = keyof typeof INFRASTRUCTURE;

export interface Catalog {
  tags: Record<DemoTag, number>;
  infrastructure: Record<DemoItem, number>;
}

export async function createCatalog(deps: NetworkDeps): Promise<Catalog> {
  const tags = {} as Record<DemoTag, number>;
  for (const [key, title] of Object.entries(TAGS) as [DemoTag, Localized][]) {
    tags[key] = (await createTag(deps, { ...localizedFields('title', title), active: true })).id;
  }
  const infrastructure = {} as Record<DemoItem, number>;
  for (const [key, title] of Object.entries(INFRASTRUCTURE) as [DemoItem, Localized][]) {
    const bytes = Buffer.from(ICONS[key]);
    const icon = { filename: `${key}.svg`, mimetype: 'image/svg+xml', bytes, size: bytes.length };
    infrastructure[key] = (
      await createInfrastructure(deps, { ...localizedFields('title', title), active: true, icon })
    ).id;
  }
  return { tags, infrastructure };
}

/** Office hours: weekdays 9 to 18 with a lunch break, Saturday 10 to 15. */
const OFFICE_HOURS = [
  ...[0, 1, 2, 3, 4].flatMap((day) => [
    { day, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
    { day, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
  ]),
  { day: 5, start_time: '10:00:00', end_time: '15:00:00', is_break: false },
];

/** The first `count` merchants; answers their ids in MERCHANTS order. */
export async function createMerchants(deps: NetworkDeps, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (const merchant of MERCHANTS.slice(0, count)) {
    const input = merchantCreateRequest.parse({
      ...localizedFields('name', merchant.name),
      agreement_number: merchant.agreement,
      legal_name: merchant.legalName,
      country: KYRGYZSTAN,
      district: TOWNS[merchant.town].district,
      city: TOWNS[merchant.town].city,
      street: merchant.street,
      phone: merchant.phone,
      email: merchant.email,
      percentage: merchant.percentage,
      schedule: OFFICE_HOURS,
      status: STATUS_ACTIVE,
    });
    ids.push((await createMerchant(deps, input, deps.managerId)).id);
  }
  return ids;
}

/**
 * The previous Type 2 rate, kept inactive; a default rate per connector type the network has; the
 * personal rates of two regional merchants (by index into MERCHANTS) when they are in the demo.
 * Answers the ids in this order.
 */
export async function createRates(deps: NetworkDeps, merchantIds: readonly number[]): Promise<number[]> {
  const rates: RateCreateRequest[] = [
    { name: 'Type 2 — прежний тариф', type: 'default', typo: 'type2', price: '10', status: STATUS_INACTIVE },
    { name: 'Type 2 — базовый', type: 'default', typo: 'type2', price: '12', status: STATUS_ACTIVE },
    { name: 'GB/T AC — базовый', type: 'default', typo: 'gbt_ac', price: '12', status: STATUS_ACTIVE },
    { name: 'CCS2 — быстрая зарядка', type: 'default', typo: 'ccs2', price: '18', status: STATUS_ACTIVE },
    { name: 'GB/T DC — быстрая зарядка', type: 'default', typo: 'gbt_dc', price: '16', status: STATUS_ACTIVE },
    { name: 'CHAdeMO — быстрая зарядка', type: 'default', typo: 'chademo', price: '16', status: STATUS_ACTIVE },
  ];
  const osh = merchantIds[2];
  const naryn = merchantIds[5];
  if (osh)
    rates.push({
      name: 'Ош Энерджи — CCS2',
      type: 'personal',
      typo: 'ccs2',
      price: '16.5',
      status: STATUS_ACTIVE,
      merchants: [osh],
    });
  if (naryn)
    rates.push({
      name: 'Нарын Кубат — GB/T DC',
      type: 'personal',
      typo: 'gbt_dc',
      price: '14',
      status: STATUS_ACTIVE,
      merchants: [naryn],
    });
  const ids: number[] = [];
  for (const rate of rates) ids.push((await createRate(deps, rateCreateRequest.parse(rate))).id);
  return ids;
}
