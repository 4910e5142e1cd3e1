import type { Paged } from '@evcms/contracts/common';
import { localizedChanges, type Localized } from '@evcms/contracts/localized';
import type { PartnerCreate, PartnerFilters, PartnerUpdate } from '@evcms/contracts/partners';
import type { StatusesRequest } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { localizedValues } from '../../db/schema/localized.ts';
import { changeEveryIdOrNone, uniqueIds } from '../../lib/bulk.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { definedOnly } from '../../lib/objects.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import { merchantNames } from '../read-models/promotion-names.read-model.ts';
import * as repo from './partners.repository.ts';
import { canDelete, feeColumns, type FeeTerms } from './partners.rules.ts';

/*
 * Software rental partners: reading, creating, editing, status changes and deletion, each write in
 * one transaction. A merchant is operated by one partner at most: the link's primary key settles
 * it, also between two requests at once; naming a merchant another partner holds is a 409.
 */

export type { PartnerRecord } from './partners.repository.ts';

export interface PartnersDeps {
  db: Db;
}

export interface PartnerDetailRecord extends repo.PartnerRecord {
  /** Its merchants, named, ascending by id. */
  merchants: { id: number; name: Localized }[];
}

// ---- Reading

/** The merchants' names of the rows, one query (`db` may be a transaction: one query at a time). */
async function withMerchants(db: Db, rows: repo.PartnerRecord[]): Promise<PartnerDetailRecord[]> {
  const names = await merchantNames(db, uniqueIds(rows.flatMap((row) => row.merchantIds)));
  return rows.map((row) => ({
    ...row,
    merchants: row.merchantIds.flatMap((id) => {
      const name = names.get(id);
      return name ? [{ id, name }] : [];
    }),
  }));
}

export async function getPartner(deps: PartnersDeps, id: number): Promise<PartnerDetailRecord> {
  const partner = await repo.findPartner(deps.db, id);
  if (!partner) throw notFound();
  return (await withMerchants(deps.db, [partner]))[0]!;
}

export async function listPartners(deps: PartnersDeps, query: PartnerFilters): Promise<Paged<PartnerDetailRecord>> {
  const page = pageRequest(query);
  const { rows, total } = await repo.listPartners(
    deps.db,
    { search: query.search, status: query.status, active: query.active },
    pageWindow(page),
  );
  return pagedResult(await withMerchants(deps.db, rows), total, page);
}

// ---- Writing

/** The fee columns of the model as it will be, or a 400 on the amount the model needs. */
function fee(model: FeeTerms['feeModel'], fixed: number | null | undefined, percent: number | null | undefined) {
  const columns = feeColumns(model, fixed, percent);
  if ('missing' in columns) throw fieldError(columns.missing, 'field_blank');
  return columns;
}

/** The columns other than the fee a request sets; an absent field stays as it is. */
function plainValues(input: PartnerUpdate): Partial<repo.PartnerValues> {
  return {
    ...localizedValues('name', localizedChanges('name', input)),
    ...definedOnly({
      legalName: input.legal_name,
      contractNumber: input.contract_number,
      contactPerson: input.contact_person,
      phone: input.phone,
      email: input.email,
      startedOn: input.started_on,
      status: input.status,
    }),
  };
}

/** 409 naming the first of `merchantIds` another partner than `partnerId` operates, with that partner. */
async function refuseTaken(db: Db, merchantIds: number[], partnerId: number | null): Promise<void> {
  const [taken] = await repo.merchantsTaken(db, merchantIds, partnerId);
  if (!taken) return;
  const name = (await merchantNames(db, [taken.merchantId])).get(taken.merchantId);
  throw conflict('partner_merchant_taken', { merchant: name ?? String(taken.merchantId), partner: taken.partnerName });
}

/**
 * A write that lost a race (another partner took one of its merchants first; the key refused the
 * second link) is checked again, after its rollback, to answer the same 409 a slower request gets.
 * A merchant that is not there is a 400 on `merchant_ids`.
 */
async function mappedViolation(db: Db, error: unknown, merchantIds: number[], partnerId: number | null) {
  const constraint = violatedConstraint(error)?.constraint;
  if (constraint === 'partner_merchants_merchant_id_merchants_id_fk')
    return fieldError('merchant_ids', 'invalid_choice');
  if (constraint === 'partner_merchants_pkey') {
    try {
      await refuseTaken(db, merchantIds, partnerId);
    } catch (taken) {
      return taken;
    }
  }
  return error;
}

/** Creates the partner with its merchants in one transaction (no news event: PRODUCT.md lists the resources that write one). */
export async function createPartner(
  deps: PartnersDeps,
  input: PartnerCreate,
  managerId: number | null,
): Promise<PartnerDetailRecord> {
  const merchantIds = uniqueIds(input.merchant_ids);
  const values = {
    ...(plainValues(input) as Omit<repo.PartnerValues, keyof FeeTerms>),
    ...fee(input.fee_model, input.fee_fixed, input.fee_percent),
    createdBy: managerId,
  };
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      await refuseTaken(tx, merchantIds, null);
      const partnerId = await repo.insertPartner(tx, values);
      await repo.replacePartnerMerchants(tx, partnerId, merchantIds);
      return partnerId;
    });
  } catch (error) {
    throw await mappedViolation(deps.db, error, merchantIds, null);
  }
  return getPartner(deps, id);
}

/** Changes the fields sent; `merchant_ids` sent replaces its merchants. The fee is checked as it will be stored. */
export async function updatePartner(
  deps: PartnersDeps,
  id: number,
  input: PartnerUpdate,
): Promise<PartnerDetailRecord> {
  const merchantIds = input.merchant_ids && uniqueIds(input.merchant_ids);
  try {
    await deps.db.transaction(async (tx) => {
      const current = await repo.findPartner(tx, id, { forUpdate: true });
      if (!current) throw notFound();
      const model = input.fee_model ?? current.feeModel;
      // The amount kept unless sent; a change of model needs the new model's amount.
      const columns = fee(
        model,
        input.fee_fixed === undefined ? current.feeFixedTyiyn : input.fee_fixed,
        input.fee_percent === undefined ? current.feePercentBp : input.fee_percent,
      );
      if (merchantIds) await refuseTaken(tx, merchantIds, id);
      await repo.updatePartner(tx, id, { ...plainValues(input), ...columns });
      if (merchantIds) await repo.replacePartnerMerchants(tx, id, merchantIds);
    });
  } catch (error) {
    throw await mappedViolation(deps.db, error, merchantIds ?? [], id);
  }
  return getPartner(deps, id);
}

/** All the ids change, or none does. Answers the partners in the order asked. */
export async function setPartnerStatuses(deps: PartnersDeps, input: StatusesRequest): Promise<PartnerDetailRecord[]> {
  const changed = await changeEveryIdOrNone(deps.db, input.ids, async (tx, ids) => {
    await repo.setPartnerStatuses(tx, ids, input.status);
    return repo.listPartnersByIds(tx, ids);
  });
  return withMerchants(deps.db, changed);
}

/** An active partner is a 409; its merchants leave it with it. */
export async function deletePartner(deps: PartnersDeps, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const partner = await repo.findPartner(tx, id, { forUpdate: true });
    if (!partner) throw notFound();
    if (!canDelete(partner)) throw conflict('partner_active_delete');
    await repo.deletePartner(tx, id);
  });
}
