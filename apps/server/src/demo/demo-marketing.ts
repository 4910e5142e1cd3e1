import { localDate } from '@evcms/contracts/dates';
import { localizedFields, type Localized } from '@evcms/contracts/localized';
import { partnerCreateRequest } from '@evcms/contracts/partners';
import { promoCodeCreateRequest, promoCodeGenerateRequest } from '@evcms/contracts/promo-codes';
import { STATUS_INACTIVE } from '@evcms/contracts/status';
import { getDriver } from '../modules/drivers/drivers.service.ts';
import { createPartner } from '../modules/partners/partners.service.ts';
import { redeemPromoCode } from '../modules/promo-codes/promo-code-redemptions.service.ts';
import { createPromoCode, generatePromoCodes } from '../modules/promo-codes/promo-codes.service.ts';
import { DAY } from './demo-history.ts';
import type { NetworkDeps } from './demo-network.ts';

/*
 * The demo's promo codes and software rental partners, made through their services after the
 * history is played: a welcome code some drivers have used, a generated winter batch, one ended
 * and one deactivated; two partners, one on a monthly fee and one on a share of its merchants'
 * turnover, so the partners' report has fees to show.
 */

const l = (ru: string, en: string, ky: string): Localized => ({ ru, en, ky });

export interface MarketingInput {
  deps: NetworkDeps;
  merchantIds: readonly number[];
  driverIds: readonly number[];
  historyStart: number;
  now: number;
}

export interface MarketingSummary {
  promoCodes: number;
  redemptions: number;
  partners: number;
}

async function createPromoCodes(input: MarketingInput): Promise<{ codes: number; redemptions: number }> {
  const { deps, now } = input;
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  const ended = now + 10 * DAY < Date.now();
  const single = [
    { code: 'WELCOME', bonus: '100', total_uses: 1000, valid_from: at(-30), valid_to: at(60) },
    { code: 'AUTUMN-2026', bonus: '50', valid_from: at(-90), valid_to: at(-10) },
    { code: 'PARTNER-TEST', bonus: '500', total_uses: 5, status: STATUS_INACTIVE },
  ];
  for (const fields of single) {
    const request = promoCodeCreateRequest.parse(fields);
    await createPromoCode(deps, request, deps.managerId);
  }
  const batch = promoCodeGenerateRequest.parse({
    prefix: 'ZIMA',
    count: 10,
    bonus: '150',
    valid_from: at(-5),
    valid_to: at(90),
  });
  await generatePromoCodes(deps, batch, deps.managerId);
  // A demo dated in the past (its tests) has no welcome code still valid today to redeem.
  let redemptions = 0;
  if (!ended) {
    for (const driverId of input.driverIds.filter((_, i) => i % 4 === 0)) {
      // The history blocked a few (a lost card): they could not redeem one.
      if ((await getDriver(deps, driverId)).blocked) continue;
      await redeemPromoCode(deps.db, { code: 'welcome', driverId, managerId: deps.managerId });
      redemptions += 1;
    }
  }
  return { codes: single.length + batch.count, redemptions };
}

async function createPartners(input: MarketingInput): Promise<number> {
  const { deps, merchantIds, historyStart } = input;
  const partners = [
    {
      name: l('Чүй Софт', 'Chui Soft', 'Чүй Софт'),
      legal_name: 'ОсОО «Чуй Софт»',
      contract_number: 'ПО-2024/01',
      contact_person: 'Асанова Айгүл',
      phone: '996555200301',
      email: 'office@chui-soft.example.kg',
      fee_model: 'fixed',
      fee_fixed: '25000',
      merchant_ids: merchantIds.slice(0, 1),
    },
    {
      name: l('Ош Электро Сервис', 'Osh Electro Service', 'Ош Электро Сервис'),
      legal_name: 'ОсОО «Ош Электро Сервис»',
      contract_number: 'ПО-2024/02',
      contact_person: 'Мамытов Эрлан',
      phone: '996700400502',
      email: 'info@osh-electro.example.kg',
      fee_model: 'percent',
      fee_percent: '7.5',
      merchant_ids: merchantIds.slice(1, 3),
    },
  ] as const;
  for (const partner of partners) {
    const { name, ...fields } = partner;
    const request = partnerCreateRequest.parse({
      ...localizedFields('name', name),
      ...fields,
      merchant_ids: [...fields.merchant_ids],
      started_on: localDate(new Date(historyStart)),
    });
    await createPartner(deps, request, deps.managerId);
  }
  return partners.length;
}

export async function createMarketing(input: MarketingInput): Promise<MarketingSummary> {
  const { codes, redemptions } = await createPromoCodes(input);
  const partners = await createPartners(input);
  return { promoCodes: codes, redemptions, partners };
}
