import type { Merchant, MerchantCreateRequest } from '@evcms/contracts/merchants';
import type { FastifyInstance } from 'fastify';

/** Test data: a valid merchant create request with overrides, and a merchant created through the API. */

/** Fixed ids of the seeded reference locations (drizzle/0002_locations_seed.sql). */
export const KYRGYZSTAN = 1;
export const KAZAKHSTAN = 2;
export const BISHKEK_CITY_DISTRICT = 1;
export const CHUY_REGION = 9;
export const BISHKEK = 1;
export const TOKMOK = 9;
export const ALMATY = 55;

let counter = 0;

export function aMerchantRequest(overrides: Partial<MerchantCreateRequest> = {}): MerchantCreateRequest {
  counter += 1;
  return {
    name_ru: `Мерчант ${counter}`,
    name_en: `Merchant ${counter}`,
    name_ky: `Мерчант ${counter} ky`,
    agreement_number: `AG-${counter}`,
    legal_name: `Merchant ${counter} LLC`,
    country: KYRGYZSTAN,
    district: BISHKEK_CITY_DISTRICT,
    city: BISHKEK,
    street: 'Chui Avenue 1',
    phone: `996555${String(counter).padStart(6, '0')}`,
    email: `merchant${counter}@example.com`,
    percentage: 10,
    ...overrides,
  };
}

export async function aMerchant(
  app: FastifyInstance,
  headers: Record<string, string>,
  overrides: Partial<MerchantCreateRequest> = {},
): Promise<Merchant> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/merchants/', headers, payload: aMerchantRequest(overrides) });
  if (response.statusCode !== 201) throw new Error(`creating a merchant failed: ${response.statusCode} ${response.body}`);
  return response.json<Merchant>();
}
