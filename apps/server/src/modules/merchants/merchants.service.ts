import type { Paged } from '@evcms/contracts/common';
import { localizedChanges, localizedFrom, type Localized } from '@evcms/contracts/localized';
import type { MerchantCreate, MerchantUpdate } from '@evcms/contracts/merchants';
import type { StatusesRequest } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { localizedValues } from '../../db/schema/localized.ts';
import { changeEveryIdOrNone, uniqueIds } from '../../lib/bulk.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { definedOnly } from '../../lib/objects.ts';
import { pagedResult, pageRequest, pageWindow, PICKER_SIZE_CAP } from '../../lib/pagination.ts';
import { managerNames } from '../accounts/accounts.service.ts';
import { catalogChoiceProblems, type CatalogChoices } from '../catalog/catalog-choices.service.ts';
import { findInfrastructure, type InfrastructureRecord } from '../catalog/infrastructure.service.ts';
import { findTags, type TagRecord } from '../catalog/tags.service.ts';
import { recordNews } from '../news/news.service.ts';
import { NO_STATIONS, stationCountsByMerchant, type StationCounts } from '../stations/station-queries.service.ts';
import * as repo from './merchants.repository.ts';
import { scheduleForStorage } from './merchants.rules.ts';

export type { MerchantRecord, Named } from './merchants.repository.ts';

export interface MerchantsDeps {
  db: Db;
}

export interface MerchantListRecord extends repo.MerchantRecord {
  stations: StationCounts;
  /** Null when that manager's account is gone. */
  createdByName: string | null;
}

export interface MerchantDetailRecord extends MerchantListRecord {
  tags: TagRecord[];
  infrastructure: InfrastructureRecord[];
}

export interface MerchantListQuery extends repo.MerchantFilter {
  page?: number | undefined;
  size?: number | undefined;
}

// ---- Reading

/** The merchants with their station counts and their creators' names, from the stations' and the accounts' services. */
async function withCountsAndCreators(db: Db, merchants: repo.MerchantRecord[]): Promise<MerchantListRecord[]> {
  // One after the other: `db` may be a transaction, one connection that takes one query at a time.
  const counts = await stationCountsByMerchant(
    db,
    merchants.map((merchant) => merchant.id),
  );
  const names = await managerNames(
    db,
    merchants.flatMap((merchant) => (merchant.createdBy === null ? [] : [merchant.createdBy])),
  );
  return merchants.map((merchant) => ({
    ...merchant,
    stations: counts.get(merchant.id) ?? NO_STATIONS,
    createdByName: merchant.createdBy === null ? null : (names.get(merchant.createdBy) ?? null),
  }));
}

export async function getMerchant(deps: MerchantsDeps, id: number): Promise<MerchantDetailRecord> {
  const { db } = deps;
  const [merchant, itemIds] = await Promise.all([repo.findMerchant(db, id), repo.findMerchantItemIds(db, id)]);
  if (!merchant) throw notFound();
  const [[listed], tags, infrastructure] = await Promise.all([
    withCountsAndCreators(db, [merchant]),
    findTags(db, itemIds.tagIds),
    findInfrastructure(db, itemIds.infrastructureIds),
  ]);
  return { ...listed!, tags, infrastructure };
}

export async function listMerchants(deps: MerchantsDeps, query: MerchantListQuery): Promise<Paged<MerchantListRecord>> {
  const page = pageRequest(query);
  const filter = { search: query.search, active: query.active, status: query.status };
  const { rows, total } = await repo.listMerchants(deps.db, filter, pageWindow(page));
  return pagedResult(await withCountsAndCreators(deps.db, rows), total, page);
}

/** The promotion form's merchant picker: id and name, in pages of up to 1000 like the other pickers. */
export async function listMerchantOptions(
  deps: MerchantsDeps,
  query: Omit<MerchantListQuery, 'status'>,
): Promise<Paged<repo.Named>> {
  const page = pageRequest(query, PICKER_SIZE_CAP);
  const { rows, total } = await repo.listMerchantOptions(
    deps.db,
    { search: query.search, active: query.active },
    pageWindow(page),
  );
  return pagedResult(rows, total, page);
}

// ---- Writing

/** The columns a request sets; an absent field stays as it is. A create request has every one. */
function merchantValues(input: MerchantUpdate): Partial<repo.MerchantValues> {
  return {
    ...localizedValues('name', localizedChanges('name', input)),
    ...definedOnly({
      agreementNumber: input.agreement_number,
      legalName: input.legal_name,
      countryId: input.country,
      districtId: input.district,
      cityId: input.city,
      street: input.street,
      phone: input.phone,
      email: input.email,
      schedule: input.schedule && scheduleForStorage(input.schedule),
      percentageBp: input.percentage,
      status: input.status,
    }),
  };
}

/** What the schema cannot see: the catalog's ids name rows that exist, and the location holds together. All problems at once. */
async function checkReferences(db: Db, choices: CatalogChoices): Promise<void> {
  const fields = await catalogChoiceProblems(db, choices);
  const first = Object.values(fields)[0]?.[0];
  if (first) throw new AppError(400, first, { fields });
}

/** Creates the merchant, its lists and its news event in one transaction; answers the detail. */
export async function createMerchant(
  deps: MerchantsDeps,
  input: MerchantCreate,
  managerId: number,
): Promise<MerchantDetailRecord> {
  const id = await deps.db.transaction(async (tx) => {
    await checkReferences(tx, {
      location: { country: input.country, district: input.district ?? null, city: input.city, citySent: true },
      tags: input.tags,
      environment: input.environment,
    });
    // A create request has every field merchantValues reads.
    const values = {
      ...merchantValues(input),
      districtId: input.district ?? null,
      createdBy: managerId,
    } as repo.MerchantValues;
    const merchantId = await repo.insertMerchant(tx, values);
    await repo.replaceMerchantTags(tx, merchantId, uniqueIds(input.tags));
    await repo.replaceMerchantInfrastructure(tx, merchantId, uniqueIds(input.environment));
    await recordNews(tx, 'merchant_created', merchantId, localizedFrom('name', input), managerId);
    return merchantId;
  });
  return getMerchant(deps, id);
}

/**
 * Changes the fields sent; a list sent replaces the whole list. The location is checked as it
 * will be stored, so moving a merchant to another country needs its new city too.
 */
export async function updateMerchant(
  deps: MerchantsDeps,
  id: number,
  input: MerchantUpdate,
): Promise<MerchantDetailRecord> {
  await deps.db.transaction(async (tx) => {
    const current = await repo.findMerchantLocation(tx, id);
    if (!current) throw notFound();
    const locationSent = input.country !== undefined || input.district !== undefined || input.city !== undefined;
    const location = {
      country: input.country ?? current.country,
      district: input.district === undefined ? current.district : input.district,
      city: input.city ?? current.city,
    };
    await checkReferences(tx, {
      ...(locationSent && { location: { ...location, citySent: input.city !== undefined } }),
      tags: input.tags,
      environment: input.environment,
    });
    const values = merchantValues(input);
    if (Object.keys(values).length || input.tags || input.environment) await repo.updateMerchant(tx, id, values);
    if (input.tags) await repo.replaceMerchantTags(tx, id, uniqueIds(input.tags));
    if (input.environment) await repo.replaceMerchantInfrastructure(tx, id, uniqueIds(input.environment));
  });
  return getMerchant(deps, id);
}

/** All the ids change, or none does. Answers list records in the order asked. */
export async function setMerchantStatuses(deps: MerchantsDeps, input: StatusesRequest): Promise<MerchantListRecord[]> {
  const merchants = await changeEveryIdOrNone(deps.db, input.ids, async (tx, ids) => {
    await repo.setMerchantStatuses(tx, ids, input.status);
    return repo.listMerchantsByIds(tx, ids);
  });
  return withCountsAndCreators(deps.db, merchants);
}

// ---- For other modules

/** A merchant's name in every language, for a message that names it (a rate's conflict); undefined when it is gone. */
export async function findMerchantName(db: Db, id: number): Promise<Localized | undefined> {
  return (await repo.findMerchant(db, id))?.name;
}
