import type { FastifyInstance } from 'fastify';
import type { DriverCreateRequest } from '@evcms/contracts/drivers';
import type { Localized } from '@evcms/contracts/localized';
import type { Merchant, MerchantCreateRequest } from '@evcms/contracts/merchants';
import type { RateCreateRequest } from '@evcms/contracts/rates';
import { STATUS_ACTIVE, STATUS_INACTIVE, type Status } from '@evcms/contracts/status';
import type { Database } from '../db/client.ts';
import { localizedValues } from '../db/schema/localized.ts';
import { hashPassword } from '../lib/passwords.ts';
import { insertManager } from '../modules/accounts/accounts.repository.ts';
import { completeCharge, type ChargeRow } from '../modules/charges/charge-lifecycle.service.ts';
import { openCharge } from '../modules/charges/charge-start.service.ts';
import {
  findDriver,
  insertDriver,
  insertIdTag,
  nextAccountSequence,
  type DriverRecord,
  type DriverValues,
} from '../modules/drivers/drivers.repository.ts';
import { accountNumber } from '../modules/drivers/drivers.rules.ts';
import { postBalanceEntry } from '../modules/drivers/ledger.service.ts';
import { findRate, insertRate, replaceRateMerchants, type RateRecord } from '../modules/rates/rates.repository.ts';
import { infrastructureRepository, tagsRepository } from '../modules/catalog/catalog.repository.ts';
import { insertMerchant } from '../modules/merchants/merchants.repository.ts';
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
  overrides: {
    name?: string;
    status?: Status;
    connectors?: { evseId: number; position: number; typo?: string; customFeeTyiyn?: number | null }[];
  } = {},
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
    customFeeTyiyn: connector.customFeeTyiyn ?? null,
    evseId: connector.evseId,
    connectorId: null,
  }));
  await applyConnectorPlan(database.db, id, { connectors: numberConnectors(connectors), deletedIds: [] });
  return { id, identity, name: english };
}

// ---- Rates

/** A valid rate create request: an inactive default rate for Type 2 at 12.50 som per kWh, with overrides. */
export function aRateRequest(overrides: Partial<RateCreateRequest> = {}): RateCreateRequest {
  return { name: `Rate ${next()}`, type: 'default', typo: 'type2', price: 12.5, ...overrides };
}

/**
 * A rate written through the repository (no activation check: the database's unique indexes still
 * hold): inactive, default, Type 2, 12.50 som (1250 tyiyn) unless told; a personal one needs `merchantIds`.
 */
export async function aRate(
  database: Database,
  overrides: Partial<Pick<RateRecord, 'name' | 'type' | 'typo' | 'priceTyiyn' | 'status' | 'merchantIds'>> = {},
): Promise<RateRecord> {
  const { merchantIds = [], ...values } = overrides;
  const rate = { name: `Rate ${next()}`, type: 'default' as const, typo: 'type2' as const, priceTyiyn: 1250, status: STATUS_INACTIVE as Status, ...values };
  const id = await insertRate(database.db, rate);
  await replaceRateMerchants(database.db, { id, typo: rate.typo, status: rate.status }, merchantIds);
  return (await findRate(database.db, id))!;
}

// ---- Drivers

/** A valid driver create request (a card customer): surname, first name and a unique phone, with overrides. */
export function aDriverRequest(overrides: Partial<DriverCreateRequest> = {}): DriverCreateRequest {
  const n = next();
  return { surname: `Surname${n}`, first_name: `Name${n}`, phone: `996700${String(n).padStart(6, '0')}`, ...overrides };
}

/**
 * A driver written through the repository, registered now unless told, with its id tags. A
 * balance is put on through the ledger (one manager top-up entry), so the balance still equals
 * the sum of the entries.
 */
export async function aDriver(
  database: Database,
  overrides: Partial<Omit<DriverValues, 'account'>> & { balanceTyiyn?: number; idTags?: string[] } = {},
): Promise<DriverRecord> {
  const n = next();
  const { balanceTyiyn = 0, idTags = [], ...values } = overrides;
  const id = await insertDriver(database.db, {
    account: accountNumber(await nextAccountSequence(database.db)),
    surname: `Surname${n}`,
    firstName: `Name${n}`,
    phone: `996701${String(n).padStart(6, '0')}`,
    ...values,
  });
  for (const idTag of idTags) await insertIdTag(database.db, id, idTag);
  if (balanceTyiyn > 0) {
    const opening = { driverId: id, creditTyiyn: balanceTyiyn, reason: 'Opening balance', method: 'manager_top_up' } as const;
    await database.db.transaction((tx) => postBalanceEntry(tx, opening));
  }
  return (await findDriver(database.db, id))!;
}

// ---- Charges

/** A merchant written through the repository (no news event), for tests that need one without the API. */
export async function aStoredMerchant(database: Database): Promise<number> {
  const request = aMerchantRequest();
  return insertMerchant(database.db, {
    ...localizedValues('name', { ru: request.name_ru, en: request.name_en, ky: request.name_ky }),
    agreementNumber: request.agreement_number,
    legalName: request.legal_name,
    countryId: KYRGYZSTAN,
    cityId: BISHKEK,
    street: request.street,
    phone: request.phone,
    email: request.email,
    percentageBp: 1000,
  });
}

/**
 * A station to charge at: one connector (OCPP id 1) of `typo` (Type 2) priced by its custom fee
 * (10.00 som per kWh unless told; null leaves it to the rates), at a new merchant unless told.
 */
export async function aChargePoint(
  database: Database,
  options: { merchantId?: number; typo?: string; customFeeTyiyn?: number | null; status?: Status; name?: string } = {},
) {
  const merchantId = options.merchantId ?? (await aStoredMerchant(database));
  const customFeeTyiyn = options.customFeeTyiyn === undefined ? 1000 : options.customFeeTyiyn;
  const station = await aStation(database, merchantId, {
    ...(options.name !== undefined && { name: options.name }),
    ...(options.status !== undefined && { status: options.status }),
    connectors: [{ evseId: 1, position: 1, typo: options.typo ?? 'type2', customFeeTyiyn }],
  });
  return { ...station, merchantId, ocppConnectorId: 1 };
}

export interface ChargeOverrides {
  /** Whose charge; a new driver with 10,000 som unless told. */
  driverId?: number;
  /** The tag presented; a new tag of the driver unless told. */
  idTag?: string;
  station?: { id: number; ocppConnectorId?: number };
  startedAt?: Date;
  meterStartWh?: number;
  consumedWh?: number;
  /** One hour after the start unless told. */
  finishedAt?: Date;
  /** How it ends: finished (a normal stop, the default), stopped (by the back office), or still charging (false). */
  stop?: 'finished' | 'stopped' | false;
  reason?: string;
}

/**
 * A charge written through the charge services, as a charge point's StartTransaction and
 * StopTransaction would: the price fixed by the price resolution, the total debited through the
 * ledger (booked at the finish), so balances stay the sum of their entries. By default a new
 * driver charges 10 kWh for an hour at a new station at 10.00 som per kWh.
 */
export async function aCharge(database: Database, overrides: ChargeOverrides = {}): Promise<ChargeRow> {
  const n = next();
  const driverId = overrides.driverId ?? (await aDriver(database, { balanceTyiyn: 1_000_000 })).id;
  const idTag = overrides.idTag ?? `TAG${n}X${Date.now().toString(36)}`.slice(0, 20);
  if (overrides.idTag === undefined) await insertIdTag(database.db, driverId, idTag);
  const station = overrides.station ?? (await aChargePoint(database));
  const startedAt = overrides.startedAt ?? new Date();
  const meterStartWh = overrides.meterStartWh ?? n * 1_000;
  const { charge } = await openCharge(database.db, { stationId: station.id, ocppConnectorId: station.ocppConnectorId ?? 1, idTag, meterStartWh, startedAt });
  if (overrides.stop === false || charge.status !== 'in_progress') return charge;
  const finishedAt = overrides.finishedAt ?? new Date(startedAt.getTime() + 3_600_000);
  const completed = await completeCharge(database.db, charge.id, {
    meterStopWh: meterStartWh + (overrides.consumedWh ?? 10_000),
    finishedAt,
    reason: overrides.reason ?? (overrides.stop === 'stopped' ? 'Remote' : 'Local'),
    stoppedByBackOffice: overrides.stop === 'stopped',
    bookedAt: finishedAt,
  });
  return completed.charge;
}
