import type { Paged } from '@evcms/contracts/common';
import type { CarRequest, DriverCreate, DriverUpdate, Platform } from '@evcms/contracts/drivers';
import type { Db } from '../../db/client.ts';
import { batchedRows, EXPORT_BATCH_SIZE } from '../../lib/exports/batched-rows.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { definedOnly } from '../../lib/objects.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import { recordNews } from '../news/news.service.ts';
import { driverInviter, type DriverInviter } from '../read-models/driver-inviter.read-model.ts';
import * as repo from './drivers.repository.ts';
import { accountNumber, fullName } from './drivers.rules.ts';
import { bindIdTag, idTagTaken } from './id-tags.service.ts';

/* Drivers: the list, the card, a manager's registration of a card customer and changes to a driver. */

export type { DriverRecord, IdTagRecord } from './drivers.repository.ts';

export interface DriversDeps {
  db: Db;
}

/** The card: the driver with its id tags, oldest first, and who invited it (modules/referrals). */
export interface DriverDetailRecord extends repo.DriverRecord {
  idTags: repo.IdTagRecord[];
  invitedBy: DriverInviter | null;
}

export interface DriverListQuery {
  page?: number | undefined;
  size?: number | undefined;
  phone?: string | undefined;
  search?: string | undefined;
  search_by_user_id?: number | undefined;
  registration_date__from?: string | undefined;
  registration_date__to?: string | undefined;
  registration_time__from?: string | undefined;
  registration_time__to?: string | undefined;
}

// ---- Reading

export async function getDriver(deps: DriversDeps, id: number): Promise<DriverDetailRecord> {
  const [driver, idTags, invitedBy] = await Promise.all([
    repo.findDriver(deps.db, id),
    repo.listIdTags(deps.db, id),
    driverInviter(deps.db, id),
  ]);
  if (!driver) throw notFound();
  return { ...driver, idTags, invitedBy };
}

/** The list's filters as the repository takes them (the list and its export). */
function driverFilter(query: Omit<DriverListQuery, 'page' | 'size'>): repo.DriverFilter {
  return {
    phone: query.phone,
    search: query.search,
    id: query.search_by_user_id,
    registeredFrom: query.registration_date__from,
    registeredTo: query.registration_date__to,
    registeredTimeFrom: query.registration_time__from,
    registeredTimeTo: query.registration_time__to,
  };
}

export async function listDrivers(deps: DriversDeps, query: DriverListQuery): Promise<Paged<repo.DriverRecord>> {
  const page = pageRequest(query);
  const { rows, total } = await repo.listDrivers(deps.db, driverFilter(query), pageWindow(page));
  return pagedResult(rows, total, page);
}

/** Every driver the list's filters select, in the list's order, in keyset batches (GET /users/export/). */
export function exportDrivers(
  deps: DriversDeps,
  query: Omit<DriverListQuery, 'page' | 'size'>,
): AsyncIterable<readonly repo.DriverRecord[]> {
  const filter = driverFilter(query);
  return batchedRows((last, limit) => repo.driversAfter(deps.db, filter, last, limit), EXPORT_BATCH_SIZE);
}

// ---- Writing

function carValues(car: CarRequest | null | undefined): Partial<repo.DriverValues> {
  if (car === undefined) return {};
  return {
    carMake: car?.make ?? null,
    carModel: car?.model ?? null,
    carYear: car?.year ?? null,
    carColour: car?.colour ?? null,
  };
}

/** The columns a request sets; an absent field stays as it is. */
function driverValues(input: DriverUpdate): Partial<repo.DriverValues> {
  return {
    ...definedOnly({
      surname: input.surname,
      firstName: input.first_name,
      phone: input.phone,
      email: input.email,
      gender: input.gender,
      birthday: input.birthday,
      licence: input.licence,
      blocked: input.blocked,
    }),
    ...carValues(input.car),
  };
}

/** A phone or id tag that another driver took between the check and the write (two requests racing) answers as the check does. */
async function mappedViolation(db: Db, error: unknown, idTag: string | undefined): Promise<unknown> {
  const constraint = violatedConstraint(error)?.constraint;
  if (constraint === 'drivers_phone_key') return fieldError('phone', 'driver_phone_taken');
  if (constraint === 'driver_id_tags_id_tag_key' && idTag !== undefined) return (await idTagTaken(db, idTag)) ?? error;
  return error;
}

async function checkPhoneFree(db: Db, phone: string, driverId?: number): Promise<void> {
  if ((await repo.findPhoneHolder(db, phone, driverId)) !== undefined) throw fieldError('phone', 'driver_phone_taken');
}

/**
 * Links a driver being registered to the inviter whose referral code the form gave, in the
 * registration's transaction (a code refused refuses the registration). modules/referrals registers
 * it (registerInviterLink), as it uses this module and this module may not use it.
 */
export type InviterLink = (tx: Db, invitedId: number, referralCode: string, managerId: number) => Promise<void>;
let inviterLink: InviterLink | null = null;

function linkInvited(tx: Db, invitedId: number, referralCode: string, managerId: number): Promise<void> {
  if (!inviterLink) throw new Error('No inviter link registered (modules/referrals registerReferrals)');
  return inviterLink(tx, invitedId, referralCode, managerId);
}

/**
 * A manager registers a driver who has no app (a card customer), with the first id tag if given:
 * the driver, the tag and the news event in one transaction. The account number comes from its
 * sequence; the driver is registered now with a balance of 0.
 */
export async function createDriver(
  deps: DriversDeps,
  input: DriverCreate,
  managerId: number,
): Promise<DriverDetailRecord> {
  const id = await deps.db
    .transaction(async (tx) => {
      await checkPhoneFree(tx, input.phone);
      const values = {
        ...driverValues(input),
        ...carValues(input.car ?? null),
        account: accountNumber(await repo.nextAccountSequence(tx)),
        registeredAt: new Date(),
      } as repo.DriverValues;
      const driverId = await repo.insertDriver(tx, values);
      if (input.id_tag !== undefined) await bindIdTag(tx, driverId, input.id_tag);
      if (input.referral_code) await linkInvited(tx, driverId, input.referral_code, managerId);
      const name = fullName({ surname: input.surname, firstName: input.first_name });
      await recordNews(tx, 'user_created', driverId, { ru: name, en: name, ky: name }, managerId);
      return driverId;
    })
    .catch(async (error: unknown) => {
      throw await mappedViolation(deps.db, error, input.id_tag);
    });
  return getDriver(deps, id);
}

/** Changes the fields sent; `car` sent replaces the whole car, `blocked` blocks or unblocks the driver. */
export async function updateDriver(deps: DriversDeps, id: number, input: DriverUpdate): Promise<DriverDetailRecord> {
  await deps.db
    .transaction(async (tx) => {
      if (!(await repo.findDriver(tx, id, { forUpdate: true }))) throw notFound();
      if (input.phone !== undefined) await checkPhoneFree(tx, input.phone, id);
      const values = driverValues(input);
      if (Object.keys(values).length) await repo.updateDriver(tx, id, values);
    })
    .catch(async (error: unknown) => {
      throw await mappedViolation(deps.db, error, undefined);
    });
  return getDriver(deps, id);
}

// ---- For other modules

/** Registers the referrals' link at registration (once, as the app starts); answers the one replaced. */
export function registerInviterLink(link: InviterLink | null): InviterLink | null {
  const replaced = inviterLink;
  inviterLink = link;
  return replaced;
}

/** The driver whose referral code is `code` (upper-case), if any. */
export function findReferralCodeHolder(db: Db, code: string): Promise<number | undefined> {
  return repo.findReferralCodeHolder(db, code);
}

/** Name, phone and account of the drivers of `ids` that exist, by id: what a list beside another record shows. */
export async function driverSummaries(db: Db, ids: readonly number[]): Promise<Map<number, DriverSummary>> {
  const rows = await repo.driverSummaries(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [row.id, { id: row.id, name: fullName(row), phone: row.phone, account: row.account }]),
  );
}

export interface DriverSummary {
  id: number;
  name: string;
  phone: string;
  account: string;
}

// ---- For tests (src/test/builders): what the mobile app's sign-up will set, which no back-office route does

export async function setAppSignUpForTests(
  db: Db,
  id: number,
  values: { registeredAt?: Date | undefined; platform?: Platform | undefined; appVersion?: string | undefined },
): Promise<void> {
  await repo.updateDriver(db, id, definedOnly(values));
}
