import { CONNECTOR_TYPE_KEYS, type ConnectorType } from '@evcms/contracts/catalog';
import type { Paged } from '@evcms/contracts/common';
import {
  rateMerchantsProblem,
  resolvePrice,
  type RateCreate,
  type RateStatusesRequest,
  type RateType,
  type RateUpdate,
  type ResolvedPrice,
} from '@evcms/contracts/rates';
import { isActive, STATUS_ACTIVE, STATUS_INACTIVE, type Status } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { changeEveryIdOrNone, inRequestedOrder, uniqueIds } from '../../lib/bulk.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { definedOnly } from '../../lib/objects.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import { findMerchantName } from '../merchants/merchants.service.ts';
import * as repo from './rates.repository.ts';
import { activationConflict, canDelete, canEdit, type RateSlot } from './rates.rules.ts';

/* Rates: reading, creating, editing, status changes and deletion, each write in one transaction. */

export type { RateRecord } from './rates.repository.ts';

export interface RatesDeps {
  db: Db;
}

export interface RateListQuery {
  page?: number | undefined;
  size?: number | undefined;
  search?: string | undefined;
  active?: boolean | undefined;
  /** True: default rates only; false: personal ones. */
  default?: boolean | undefined;
  typo?: ConnectorType | undefined;
}

/** A connector type and its active default rate, if it has one. */
export interface DefaultFeeRecord {
  typo: ConnectorType;
  rate: { id: number; name: string; priceTyiyn: number } | null;
}

// ---- Reading

export async function getRate(deps: RatesDeps, id: number): Promise<repo.RateRecord> {
  const rate = await repo.findRate(deps.db, id);
  if (!rate) throw notFound();
  return rate;
}

export async function listRates(deps: RatesDeps, query: RateListQuery): Promise<Paged<repo.RateRecord>> {
  const page = pageRequest(query);
  const filter = { search: query.search, active: query.active, isDefault: query.default, typo: query.typo };
  const { rows, total } = await repo.listRates(deps.db, filter, pageWindow(page));
  return pagedResult(rows, total, page);
}

/** Every connector type in dictionary order, with its active default rate or null. */
export async function listDefaultFees(deps: RatesDeps): Promise<DefaultFeeRecord[]> {
  const active = new Map((await repo.listActiveDefaultRates(deps.db)).map((rate) => [rate.typo, rate]));
  return CONNECTOR_TYPE_KEYS.map((typo) => {
    const rate = active.get(typo);
    return { typo, rate: rate ? { id: rate.id, name: rate.name, priceTyiyn: rate.priceTyiyn } : null };
  });
}

// ---- Writing

/** The indexes that keep one active default rate per type and one active personal rate per merchant and type. */
const ONE_ACTIVE = new Set(['rates_active_default_typo_key', 'rate_merchants_active_typo_key']);
const ATTEMPTS = 5;

/**
 * Runs a write; a merchant id that is not there becomes a 400 on `merchants` (the foreign key
 * settles it). An activation that lost a race (the unique index refused it after the rival
 * committed) runs again, and its check then names the rival in the usual 409.
 */
async function writing<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      const constraint = violatedConstraint(error)?.constraint;
      if (constraint === 'rate_merchants_merchant_id_merchants_id_fk') throw fieldError('merchants', 'invalid_choice');
      if (constraint && ONE_ACTIVE.has(constraint) && attempt < ATTEMPTS) continue;
      throw error;
    }
  }
}

/** 409 naming the active rate that `activating` would be a second of. */
async function checkActivation(db: Db, activating: readonly RateSlot[]): Promise<void> {
  if (!activating.length) return;
  const active = await repo.listActiveRates(db, [...new Set(activating.map((rate) => rate.typo))]);
  const found = activationConflict(activating, active);
  if (!found) return;
  if (found.kind === 'default') throw conflict('rate_default_active_exists', { name: found.rival.name });
  // The merchant is named in the reader's language; its id only if it went in the meantime.
  const merchant = (await findMerchantName(db, found.merchantId)) ?? found.merchantId;
  throw conflict('rate_personal_active_exists', { name: found.rival.name, merchant });
}

function checkMerchants(rate: { type: RateType; merchantIds: readonly number[] }): void {
  const problem = rateMerchantsProblem({ type: rate.type, merchants: rate.merchantIds });
  if (problem) throw fieldError('merchants', problem);
}

const ascending = (ids: readonly number[]) => uniqueIds(ids).sort((a, b) => a - b);

/** Creates the rate with its merchants; an active one is checked against the rates already active. */
export async function createRate(deps: RatesDeps, input: RateCreate): Promise<repo.RateRecord> {
  const merchantIds = ascending(input.merchants);
  const values = {
    name: input.name,
    type: input.type,
    typo: input.typo,
    priceTyiyn: input.price,
    status: input.status,
  };
  checkMerchants({ type: input.type, merchantIds });
  const id = await writing(() =>
    deps.db.transaction(async (tx) => {
      if (isActive(input.status)) await checkActivation(tx, [{ id: 0, ...values, merchantIds }]);
      const rateId = await repo.insertRate(tx, values);
      await repo.replaceRateMerchants(tx, { id: rateId, typo: input.typo, status: input.status }, merchantIds);
      return rateId;
    }),
  );
  return getRate(deps, id);
}

/**
 * Changes the fields sent (`merchants` sent replaces the list). An active rate takes only a
 * status change (409 otherwise); the merchants are checked as they will be stored.
 */
export async function updateRate(deps: RatesDeps, id: number, input: RateUpdate): Promise<repo.RateRecord> {
  await writing(() =>
    deps.db.transaction(async (tx) => {
      const current = await repo.findRate(tx, id, { forUpdate: true });
      if (!current) throw notFound();
      if (!canEdit(current, input)) throw conflict('rate_active_edit');
      const next: RateSlot & { status: Status } = {
        id,
        name: input.name ?? current.name,
        type: input.type ?? current.type,
        typo: input.typo ?? current.typo,
        status: input.status ?? current.status,
        merchantIds: input.merchants ? ascending(input.merchants) : current.merchantIds,
      };
      checkMerchants(next);
      if (isActive(next.status) && !isActive(current.status)) await checkActivation(tx, [next]);
      // The merchants first: links about to go must not be activated with the rate.
      if (input.merchants) await repo.replaceRateMerchants(tx, next, next.merchantIds);
      const values = definedOnly({
        name: input.name,
        type: input.type,
        typo: input.typo,
        priceTyiyn: input.price,
        status: input.status,
      });
      if (Object.keys(values).length) await repo.updateRate(tx, id, values);
    }),
  );
  return getRate(deps, id);
}

/**
 * Each rate gets the status sent with it (an id sent twice: the last one counts), all or none: a
 * missing id is a 404 naming it, an activation that would make a second active rate a 409 naming
 * the active one. Deactivations are written first, so one call can swap the active rate of a type.
 * Answers the rates in the order sent.
 */
export async function setRateStatuses(deps: RatesDeps, changes: RateStatusesRequest): Promise<repo.RateRecord[]> {
  const statusOf = new Map(changes.map((change) => [change.id, change.status]));
  return writing(() =>
    changeEveryIdOrNone(deps.db, [...statusOf.keys()], async (tx, ids) => {
      await repo.lockRates(tx, ids);
      const found = inRequestedOrder(await repo.listRatesByIds(tx, ids), ids);
      // changeEveryIdOrNone answers 404 naming what is missing, with nothing changed.
      if (found.length < ids.length) return found;
      const deactivating = found.filter((rate) => isActive(rate.status) && statusOf.get(rate.id) === STATUS_INACTIVE);
      const activating = found.filter((rate) => !isActive(rate.status) && statusOf.get(rate.id) === STATUS_ACTIVE);
      await repo.setRateStatuses(
        tx,
        deactivating.map((rate) => rate.id),
        STATUS_INACTIVE,
      );
      await checkActivation(tx, activating);
      await repo.setRateStatuses(
        tx,
        activating.map((rate) => rate.id),
        STATUS_ACTIVE,
      );
      return repo.listRatesByIds(tx, ids);
    }),
  );
}

/** Only an inactive rate can be deleted (409 otherwise). */
export async function deleteRate(deps: RatesDeps, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const rate = await repo.findRate(tx, id, { forUpdate: true });
    if (!rate) throw notFound();
    if (!canDelete(rate)) throw conflict('rate_active_delete');
    await repo.deleteRate(tx, id);
  });
}

// ---- For other modules

/**
 * The price per kWh of a charge on a connector of `typo` at a station of `merchantId`: the
 * connector's `customFee` (tyiyn) if set, else the merchant's active personal rate, else the
 * active default rate (PRODUCT.md). Runs inside the caller's transaction when given one.
 */
export async function priceFor(
  db: Db,
  input: { merchantId: number; typo: string; customFee: number | null },
): Promise<ResolvedPrice> {
  if (input.customFee != null)
    return resolvePrice({ customFee: input.customFee, personalRate: null, defaultRate: null });
  const { personal, fallback } = await repo.findActivePrices(db, input.merchantId, input.typo as ConnectorType);
  return resolvePrice({ customFee: null, personalRate: personal, defaultRate: fallback });
}
