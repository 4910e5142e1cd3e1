import type { FastifyInstance } from 'fastify';
import { merchantCreateRequest, type Merchant, type MerchantCreateRequest } from '@evcms/contracts/merchants';
import type { Database } from '../../db/client.ts';
import { createMerchant } from '../../modules/merchants/merchants.service.ts';
import { theBuildersManager } from './accounts.ts';
import { BISHKEK, BISHKEK_CITY_DISTRICT, KYRGYZSTAN } from './catalog.ts';
import { next } from './sequence.ts';

/** A valid merchant create request with overrides. */
export function aMerchantRequest(overrides: Partial<MerchantCreateRequest> = {}): MerchantCreateRequest {
  const n = next();
  return {
    name_ru: `Мерчант ${n}`,
    name_en: `Merchant ${n}`,
    name_ky: `Мерчант ${n} ky`,
    agreement_number: `AG-${n}`,
    legal_name: `Merchant ${n} LLC`,
    country: KYRGYZSTAN,
    district: BISHKEK_CITY_DISTRICT,
    city: BISHKEK,
    street: 'Chui Avenue 1',
    phone: `996555${String(n).padStart(6, '0')}`,
    email: `merchant${n}@example.com`,
    percentage: 10,
    ...overrides,
  };
}

/** A merchant created through the API (which also writes its news event). */
export async function aMerchant(
  app: FastifyInstance,
  headers: Record<string, string>,
  overrides: Partial<MerchantCreateRequest> = {},
): Promise<Merchant> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/merchants/',
    headers,
    payload: aMerchantRequest(overrides),
  });
  if (response.statusCode !== 201)
    throw new Error(`creating a merchant failed: ${response.statusCode} ${response.body}`);
  return response.json<Merchant>();
}

/** A merchant made through the merchants service, for tests that need one without the API; its id. */
export async function aStoredMerchant(database: Database): Promise<number> {
  const input = merchantCreateRequest.parse(aMerchantRequest({ district: undefined }));
  return (await createMerchant({ db: database.db }, input, await theBuildersManager(database))).id;
}
