import { randomInt } from 'node:crypto';
import type { Paged } from '@evcms/contracts/common';
import {
  promoCodeTermsProblem,
  type PromoCodeCreate,
  type PromoCodeFilters,
  type PromoCodeGenerate,
  type PromoCodeUpdate,
} from '@evcms/contracts/promo-codes';
import { isActive, statusOf, type StatusesRequest } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { changeEveryIdOrNone } from '../../lib/bulk.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { batchedRows, EXPORT_BATCH_SIZE } from '../../lib/exports/batched-rows.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import * as repo from './promo-codes.repository.ts';
import {
  batchLabel,
  changesRedeemedFields,
  freshCodes,
  isExpired,
  mergedTerms,
  promoCodeValues,
} from './promo-codes.rules.ts';

/* Promo codes: the list, one code made or a batch generated, edits, statuses and deletion, each write in one transaction. */

export interface PromoCodesDeps {
  db: Db;
}

export interface PromoCodeListRecord extends repo.PromoCodeRecord {
  /** Its validity had ended when it was read. */
  expired: boolean;
}

function withState(rows: readonly repo.PromoCodeRecord[], now = new Date()): PromoCodeListRecord[] {
  return rows.map((row) => ({ ...row, expired: isExpired(row, now) }));
}

function filterOf(query: Omit<PromoCodeFilters, 'page' | 'size'>): repo.PromoCodeFilter {
  const active = query.status === undefined ? query.active : isActive(query.status);
  const status = active === undefined ? undefined : statusOf(active);
  return { search: query.search, status, periodFrom: query.period__from, periodTo: query.period__to };
}

// ---- Reading

export async function listPromoCodes(
  deps: PromoCodesDeps,
  query: PromoCodeFilters,
): Promise<Paged<PromoCodeListRecord>> {
  const page = pageRequest(query);
  const { rows, total } = await repo.listPromoCodes(deps.db, filterOf(query), pageWindow(page));
  return pagedResult(withState(rows), total, page);
}

/** Every code the list's filters select, in its order, in keyset batches (GET /ads/promo-codes/export/). */
export function exportPromoCodes(
  deps: PromoCodesDeps,
  query: Omit<PromoCodeFilters, 'page' | 'size'>,
): AsyncIterable<readonly PromoCodeListRecord[]> {
  const filter = filterOf(query);
  return batchedRows<PromoCodeListRecord>(
    async (last, limit) => withState(await repo.promoCodesAfter(deps.db, filter, last, limit)),
    EXPORT_BATCH_SIZE,
  );
}

export async function getPromoCode(deps: PromoCodesDeps, id: number): Promise<PromoCodeListRecord> {
  const code = await repo.findPromoCode(deps.db, id);
  if (!code) throw notFound();
  return withState([code])[0]!;
}

// ---- Writing

/** The constraints the database settles: the code unique ignoring case, the limit above the uses so far. */
function mappedViolation(error: unknown): unknown {
  const constraint = violatedConstraint(error)?.constraint;
  if (constraint === 'promo_codes_code_key') return fieldError('code', 'promo_code_taken');
  return error;
}

function checkTerms(terms: Pick<PromoCodeCreate, 'valid_from' | 'valid_to'>): void {
  const problem = promoCodeTermsProblem({ validFrom: terms.valid_from, validTo: terms.valid_to });
  if (problem) throw fieldError(problem.field, problem.message);
}

/** One code; another with the same text in any case is a 400 on `code` (the unique index decides a race). */
export async function createPromoCode(
  deps: PromoCodesDeps,
  input: PromoCodeCreate,
  managerId: number | null,
): Promise<PromoCodeListRecord> {
  checkTerms(input);
  const id = await repo
    .insertPromoCode(deps.db, promoCodeValues(input.code, input, null, managerId))
    .catch((error: unknown) => {
      throw mappedViolation(error);
    });
  return getPromoCode(deps, id);
}

/**
 * `count` codes `PREFIX-XXXXXXXX` on the same terms, labelled as one batch, in one transaction:
 * drawn unique among themselves, inserted skipping any that clash with a stored code, and drawn
 * again for those, a few rounds; a 409 if the prefix's codes run out.
 */
export async function generatePromoCodes(
  deps: PromoCodesDeps,
  input: PromoCodeGenerate,
  managerId: number | null,
): Promise<{ batch: string; items: PromoCodeListRecord[] }> {
  checkTerms(input);
  const batch = batchLabel(input.prefix, new Date());
  const ids = await deps.db.transaction(async (tx) => {
    const made: number[] = [];
    const tried = new Set<string>();
    for (let round = 0; round < 5 && made.length < input.count; round += 1) {
      const codes = freshCodes(input.prefix, input.count - made.length, tried, randomInt);
      for (const code of codes) tried.add(code.toLowerCase());
      const inserted = await repo.insertNewPromoCodes(
        tx,
        codes.map((code) => promoCodeValues(code, input, batch, managerId)),
      );
      made.push(...inserted.map((row) => row.id));
    }
    if (made.length < input.count) throw conflict('promo_code_batch_failed');
    return made;
  });
  const rows = await repo.listPromoCodesByIds(deps.db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { batch, items: withState(ids.map((id) => byId.get(id)!)) };
}

/**
 * Changes the fields sent. After the first redemption the code and its bonus stay (409); the total
 * uses cannot go below the uses so far (400 on `total_uses`).
 */
export async function updatePromoCode(
  deps: PromoCodesDeps,
  id: number,
  input: PromoCodeUpdate,
): Promise<PromoCodeListRecord> {
  await deps.db
    .transaction(async (tx) => {
      const current = await repo.findPromoCode(tx, id, { forUpdate: true });
      if (!current) throw notFound();
      if (changesRedeemedFields(current, input)) throw conflict('promo_code_redeemed_locked');
      const next = mergedTerms(current, input);
      checkTerms(next);
      if (next.total_uses !== null && next.total_uses < current.usedCount)
        throw fieldError('total_uses', 'promo_code_total_below_used', { used: current.usedCount });
      const { createdBy: _, batch: __, ...values } = promoCodeValues(next.code, next, null, null);
      await repo.updatePromoCode(tx, id, values);
    })
    .catch((error: unknown) => {
      throw mappedViolation(error);
    });
  return getPromoCode(deps, id);
}

/** Every id gets the status, or none does (404 naming the missing). */
export async function setPromoCodeStatuses(
  deps: PromoCodesDeps,
  input: StatusesRequest,
): Promise<PromoCodeListRecord[]> {
  const changed = await changeEveryIdOrNone(deps.db, input.ids, async (tx, ids) => {
    await repo.lockPromoCodes(tx, ids);
    await repo.setPromoCodeStatuses(tx, ids, input.status);
    return repo.listPromoCodesByIds(tx, ids);
  });
  return withState(changed);
}

/** Only a code never redeemed goes (409 'promo_code_redeemed_delete'): its redemptions are ledger history. */
export async function deletePromoCode(deps: PromoCodesDeps, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const code = await repo.findPromoCode(tx, id, { forUpdate: true });
    if (!code) throw notFound();
    if (code.usedCount > 0 || (await repo.hasRedemptions(tx, id))) throw conflict('promo_code_redeemed_delete');
    await repo.deletePromoCode(tx, id);
  });
}
