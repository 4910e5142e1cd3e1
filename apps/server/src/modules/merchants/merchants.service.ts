import { STATUS_ACTIVE, STATUS_INACTIVE, type Status, type StatusesRequest } from '@evcms/contracts/catalog';
import type { Paged } from '@evcms/contracts/common';
import type { Lang } from '@evcms/contracts/i18n';
import type { Merchant, MerchantCreate, MerchantForUpdate, MerchantListItem, MerchantOption, MerchantUpdate } from '@evcms/contracts/merchants';
import type { MessageKey } from '@evcms/contracts/messages';
import type { Db } from '../../db/client.ts';
import { changeEveryIdOrNone, missingIds, uniqueIds } from '../../lib/bulk.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { inLanguage } from '../../lib/lang.ts';
import { pagedResult, pageRequest, pageWindow, PICKER_SIZE_CAP } from '../../lib/pagination.ts';
import { isActive } from '../../lib/status.ts';
import type { MediaStore } from '../../lib/uploads.ts';
import { insertNewsEvent } from '../news/news.repository.ts';
import * as repo from './merchants.repository.ts';
import { bpToPercentage, locationProblems, percentageToBp, scheduleForDisplay, scheduleForStorage, type LocationIds } from './merchants.rules.ts';

export interface MerchantsDeps {
  db: Db;
  media: MediaStore;
}

export interface MerchantListQuery {
  page?: number | undefined;
  size?: number | undefined;
  search?: string | undefined;
  active?: boolean | undefined;
  status?: number | undefined;
}

// ---- Reading

const names = (row: { nameRu: string; nameEn: string; nameKy: string }, lang: Lang) =>
  inLanguage({ ru: row.nameRu, en: row.nameEn, ky: row.nameKy }, lang);

const titles = (row: { titleRu: string; titleEn: string; titleKy: string }, lang: Lang) =>
  inLanguage({ ru: row.titleRu, en: row.titleEn, ky: row.titleKy }, lang);

function statusNumber(status: number): Status {
  return status === STATUS_ACTIVE ? STATUS_ACTIVE : STATUS_INACTIVE;
}

/** The fields a merchant's form edits, as the API names them. */
function editableFields(row: repo.MerchantRow) {
  return {
    id: row.id,
    name_ru: row.nameRu,
    name_en: row.nameEn,
    name_ky: row.nameKy,
    agreement_number: row.agreementNumber,
    legal_name: row.legalName,
    country: row.countryId,
    district: row.districtId,
    city: row.cityId,
    street: row.street,
    phone: row.phone,
    email: row.email,
    percentage: bpToPercentage(row.percentageBp),
    status: statusNumber(row.status),
  };
}

export function toListItem(row: repo.MerchantRow, lang: Lang): MerchantListItem {
  return {
    ...editableFields(row),
    name: names(row, lang),
    country_name: inLanguage({ ru: row.countryRu, en: row.countryEn, ky: row.countryKy }, lang),
    district_name:
      row.districtRu === null || row.districtEn === null || row.districtKy === null
        ? null
        : inLanguage({ ru: row.districtRu, en: row.districtEn, ky: row.districtKy }, lang),
    city_name: inLanguage({ ru: row.cityRu, en: row.cityEn, ky: row.cityKy }, lang),
    stations_count: row.stationsCount,
    active_stations: row.activeStations,
    inactive_stations: row.inactiveStations,
    created_by: row.createdByName,
    created_at: row.createdAt.toISOString(),
  };
}

function chosenItems(row: repo.MerchantRow, items: repo.MerchantItems, lang: Lang, media: MediaStore) {
  return {
    tags: items.tags.map((tag) => tag.id),
    environment: items.surroundings.map((item) => item.id),
    tag_items: items.tags.map((tag) => ({ id: tag.id, title: titles(tag, lang), active: isActive(tag) })),
    environment_items: items.surroundings.map((item) => ({
      id: item.id,
      title: titles(item, lang),
      icon_path: media.urlOf(item.icon),
      active: isActive(item),
    })),
    schedule: scheduleForDisplay(row.schedule),
  };
}

async function loadMerchant(db: Db, id: number) {
  const [row, items] = await Promise.all([repo.findMerchant(db, id), repo.findMerchantItems(db, id)]);
  if (!row) throw notFound();
  return { row, items };
}

export async function getMerchant(deps: MerchantsDeps, id: number, lang: Lang): Promise<Merchant> {
  const { row, items } = await loadMerchant(deps.db, id);
  return { ...toListItem(row, lang), ...chosenItems(row, items, lang, deps.media) };
}

export async function getMerchantForUpdate(deps: MerchantsDeps, id: number, lang: Lang): Promise<MerchantForUpdate> {
  const { row, items } = await loadMerchant(deps.db, id);
  return { ...editableFields(row), ...chosenItems(row, items, lang, deps.media) };
}

export async function listMerchants(deps: MerchantsDeps, query: MerchantListQuery, lang: Lang): Promise<Paged<MerchantListItem>> {
  const page = pageRequest(query);
  const filter = { search: query.search, active: query.active, status: query.status };
  const { rows, total } = await repo.listMerchants(deps.db, filter, pageWindow(page));
  return pagedResult(
    rows.map((row) => toListItem(row, lang)),
    total,
    page,
  );
}

/** The promotion form's merchant picker: `{id, name}` pages of up to 1000, like the other pickers. */
export async function listMerchantOptions(
  deps: MerchantsDeps,
  query: Omit<MerchantListQuery, 'status'>,
  lang: Lang,
): Promise<Paged<MerchantOption>> {
  const page = pageRequest(query, PICKER_SIZE_CAP);
  const { rows, total } = await repo.listMerchantOptions(deps.db, { search: query.search, active: query.active }, pageWindow(page));
  return pagedResult(
    rows.map((row) => ({ id: row.id, name: names(row, lang) })),
    total,
    page,
  );
}

// ---- Writing

/** The columns a change touches; an absent field stays as it is. */
function changedValues(input: MerchantUpdate): Partial<repo.MerchantValues> {
  return {
    ...(input.name_ru !== undefined && { nameRu: input.name_ru }),
    ...(input.name_en !== undefined && { nameEn: input.name_en }),
    ...(input.name_ky !== undefined && { nameKy: input.name_ky }),
    ...(input.agreement_number !== undefined && { agreementNumber: input.agreement_number }),
    ...(input.legal_name !== undefined && { legalName: input.legal_name }),
    ...(input.country !== undefined && { countryId: input.country }),
    ...(input.district !== undefined && { districtId: input.district }),
    ...(input.city !== undefined && { cityId: input.city }),
    ...(input.street !== undefined && { street: input.street }),
    ...(input.phone !== undefined && { phone: input.phone }),
    ...(input.email !== undefined && { email: input.email }),
    ...(input.schedule !== undefined && { schedule: scheduleForStorage(input.schedule) }),
    ...(input.percentage !== undefined && { percentageBp: percentageToBp(input.percentage) }),
    ...(input.status !== undefined && { status: input.status }),
  };
}

interface References {
  location?: LocationIds | undefined;
  /** False when a partial update moves the location without naming the city. */
  citySent?: boolean;
  tags?: number[] | undefined;
  environment?: number[] | undefined;
}

/** What the schema cannot see: the ids name rows that exist, and the location holds together. All problems at once. */
async function checkReferences(db: Db, refs: References): Promise<void> {
  const fields: Record<string, MessageKey[]> = {};
  if (refs.location) {
    const problems = locationProblems(refs.location, await repo.findLocationRows(db, refs.location), { citySent: refs.citySent ?? true });
    for (const [field, key] of Object.entries(problems)) fields[field] = [key];
  }
  if (refs.tags && missingIds(refs.tags, await repo.existingTagIds(db, uniqueIds(refs.tags))).length) fields.tags = ['invalid_choice'];
  if (refs.environment && missingIds(refs.environment, await repo.existingSurroundingIds(db, uniqueIds(refs.environment))).length) {
    fields.environment = ['invalid_choice'];
  }
  const first = Object.values(fields)[0]?.[0];
  if (first) throw new AppError(400, first, { fields });
}

/** Creates the merchant, its lists and its news event in one transaction; answers the detail. */
export async function createMerchant(deps: MerchantsDeps, input: MerchantCreate, managerId: number, lang: Lang): Promise<Merchant> {
  const id = await deps.db.transaction(async (tx) => {
    const location = { country: input.country, district: input.district ?? null, city: input.city };
    await checkReferences(tx, { location, tags: input.tags, environment: input.environment });
    const merchantId = await repo.insertMerchant(tx, {
      nameRu: input.name_ru,
      nameEn: input.name_en,
      nameKy: input.name_ky,
      agreementNumber: input.agreement_number,
      legalName: input.legal_name,
      countryId: location.country,
      districtId: location.district,
      cityId: location.city,
      street: input.street,
      phone: input.phone,
      email: input.email,
      schedule: scheduleForStorage(input.schedule),
      percentageBp: percentageToBp(input.percentage),
      status: input.status,
      createdBy: managerId,
    });
    await repo.replaceMerchantTags(tx, merchantId, uniqueIds(input.tags));
    await repo.replaceMerchantSurroundings(tx, merchantId, uniqueIds(input.environment));
    await insertNewsEvent(tx, {
      kind: 'merchant_created',
      subjectId: merchantId,
      titleRu: input.name_ru,
      titleEn: input.name_en,
      titleKy: input.name_ky,
      createdBy: managerId,
    });
    return merchantId;
  });
  return getMerchant(deps, id, lang);
}

/**
 * Changes the fields sent; a list sent replaces the whole list. The location is checked as it
 * will be stored, so moving a merchant to another country needs its new city too.
 */
export async function updateMerchant(deps: MerchantsDeps, id: number, input: MerchantUpdate, lang: Lang): Promise<Merchant> {
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
      ...(locationSent && { location, citySent: input.city !== undefined }),
      tags: input.tags,
      environment: input.environment,
    });
    const values = changedValues(input);
    if (Object.keys(values).length || input.tags || input.environment) await repo.updateMerchant(tx, id, values);
    if (input.tags) await repo.replaceMerchantTags(tx, id, uniqueIds(input.tags));
    if (input.environment) await repo.replaceMerchantSurroundings(tx, id, uniqueIds(input.environment));
  });
  return getMerchant(deps, id, lang);
}

/** All the ids change, or none does. Answers list rows in the order asked. */
export async function setMerchantStatuses(deps: MerchantsDeps, input: StatusesRequest, lang: Lang): Promise<MerchantListItem[]> {
  const rows = await changeEveryIdOrNone(deps.db, input.ids, async (tx, ids) => {
    await repo.setMerchantStatuses(tx, ids, input.status);
    return repo.listMerchantsByIds(tx, ids);
  });
  return rows.map((row) => toListItem(row, lang));
}
