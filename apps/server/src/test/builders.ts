import type { FastifyInstance } from 'fastify';
import type { Localized } from '@evcms/contracts/localized';
import type { Merchant, MerchantCreateRequest } from '@evcms/contracts/merchants';
import { STATUS_ACTIVE, type Status } from '@evcms/contracts/status';
import type { Database } from '../db/client.ts';
import { hashPassword } from '../lib/passwords.ts';
import { insertManager } from '../modules/accounts/accounts.repository.ts';
import { infrastructureRepository, tagsRepository } from '../modules/catalog/catalog.repository.ts';

/*
 * Test data, the same for every test file: each builder makes a valid object with a unique name
 * and takes overrides. Builders write through repositories (or the API, where the answer is what
 * the test needs), so a test states only what matters to it.
 */

/** Fixed ids of the seeded reference locations (drizzle/0002_locations_seed.sql). */
export const KYRGYZSTAN = 1;
export const KAZAKHSTAN = 2;
export const BISHKEK_CITY_DISTRICT = 1;
export const CHUY_REGION = 9;
export const BISHKEK = 1;
export const TOKMOK = 9;
export const ALMATY = 55;

let counter = 0;
const next = () => (counter += 1);

/** A manager with overrides; returns the row and the plain password. */
export async function aManager(database: Database, overrides: { email?: string; password?: string; name?: string } = {}) {
  const n = next();
  const password = overrides.password ?? 'correct-horse-9';
  const row = await insertManager(database.db, {
    email: overrides.email ?? `manager${n}@example.com`,
    name: overrides.name ?? `Manager ${n}`,
    passwordHash: await hashPassword(password),
  });
  return { ...row, password };
}

/** `English` -> { ru: 'English ru', en: 'English', ky: 'English ky' }: readable, and different per language. */
export function titled(english: string): Localized {
  return { ru: `${english} ru`, en: english, ky: `${english} ky` };
}

/** A tag titled `english` in English (and in the other languages after it), active unless told. */
export function aTag(database: Database, english = `Tag ${next()}`, status: Status = STATUS_ACTIVE) {
  return tagsRepository.insert(database.db, { title: titled(english), status });
}

/** An infrastructure item whose icon is stored as `surroundings/<english>.svg` (no file is written). */
export function anInfrastructureItem(database: Database, english = `Item ${next()}`, status: Status = STATUS_ACTIVE) {
  return infrastructureRepository.insert(database.db, { title: titled(english), status, icon: `surroundings/${english}.svg` });
}

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
  const response = await app.inject({ method: 'POST', url: '/api/v1/merchants/', headers, payload: aMerchantRequest(overrides) });
  if (response.statusCode !== 201) throw new Error(`creating a merchant failed: ${response.statusCode} ${response.body}`);
  return response.json<Merchant>();
}
