import type { FastifyInstance } from 'fastify';
import type { Localized } from '@evcms/contracts/localized';
import type { Merchant, MerchantCreateRequest } from '@evcms/contracts/merchants';
import { STATUS_ACTIVE, type Status } from '@evcms/contracts/status';
import type { Database } from '../db/client.ts';
import { localizedValues } from '../db/schema/localized.ts';
import { hashPassword } from '../lib/passwords.ts';
import { insertManager } from '../modules/accounts/accounts.repository.ts';
import { infrastructureRepository, tagsRepository } from '../modules/catalog/catalog.repository.ts';
import { applyConnectorPlan } from '../modules/stations/station-parts.repository.ts';
import { insertStation } from '../modules/stations/stations.repository.ts';
import { numberConnectors } from '../modules/stations/stations.rules.ts';
import type { FilePart } from './multipart.ts';

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

// ---- Stations

/** The smallest real images and video the type check reads from their bytes: a 1x1 png and jpeg, an mp4 header. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
export const TINY_MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'ascii'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2', 'ascii'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('free', 'ascii'),
]);

/** A station's identity, unique per call. */
export function aStationIdentity(): string {
  return `CP-${next()}-${Date.now().toString(36)}`;
}

/**
 * The fields of a valid station create form for `merchantId`, as `multipartForm` sends them: one
 * working day, one connector in module 1, one photo. Overrides replace or add fields.
 */
export function aStationForm(merchantId: number, overrides: Record<string, string | FilePart> = {}): Record<string, string | FilePart> {
  const n = next();
  return {
    name_ru: `Станция ${n}`,
    name_en: `Station ${n}`,
    name_ky: `Станция ${n} ky`,
    identity: aStationIdentity(),
    password: 'Abcdefgh12345678',
    pic: 'Aibek Responsible',
    address_ru: 'Чуй 1',
    address_en: 'Chui 1',
    address_ky: 'Чүй 1',
    latitude: '42.87',
    longitude: '74.59',
    merchant: String(merchantId),
    country: String(KYRGYZSTAN),
    city: String(BISHKEK),
    'schedule[0][day]': '0',
    'schedule[0][start_time]': '09:00:00',
    'schedule[0][end_time]': '18:00:00',
    'schedule[0][is_break]': 'false',
    'connectors[0][evse_id]': '1',
    'connectors[0][typo]': 'type2',
    'connectors[0][position]': '1',
    'connectors[0][power_kWh]': '22',
    'media_files[0]': { filename: 'front.png', content: TINY_PNG, type: 'image/png' },
    ...overrides,
  };
}

/**
 * A station written through the repositories (no files, no news event): for tests of lists,
 * statuses, deletion and connectors that do not need the create form. Its password hash matches nothing.
 */
export async function aStation(
  database: Database,
  merchantId: number,
  overrides: { name?: string; status?: Status; connectors?: { evseId: number; position: number; typo?: string }[] } = {},
) {
  const n = next();
  const english = overrides.name ?? `Station ${n}`;
  const identity = aStationIdentity();
  const id = await insertStation(database.db, {
    ...localizedValues('name', titled(english)),
    ...localizedValues('address', titled(`Street ${n}`)),
    identity,
    passwordHash: 'hmac-sha256$none$none',
    pic: 'Aibek',
    latitude: '42.870000',
    longitude: '74.590000',
    merchantId,
    countryId: KYRGYZSTAN,
    cityId: BISHKEK,
    schedule: [{ day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false }],
    ...(overrides.status !== undefined && { status: overrides.status }),
  });
  const connectors = (overrides.connectors ?? [{ evseId: 1, position: 1 }]).map((connector) => ({
    evse: null,
    typo: connector.typo ?? 'type2',
    position: connector.position,
    powerW: 22_000,
    cableLength: null,
    customFeeTyiyn: null,
    evseId: connector.evseId,
    connectorId: null,
  }));
  await applyConnectorPlan(database.db, id, { connectors: numberConnectors(connectors), deletedIds: [] });
  return { id, identity, name: english };
}
