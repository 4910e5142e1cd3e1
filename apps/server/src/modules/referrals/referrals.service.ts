import type { Paged } from '@evcms/contracts/common';
import type { MessageKey } from '@evcms/contracts/messages';
import type { ReferralFilters, ReferralSettingsUpdate } from '@evcms/contracts/referrals';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { batchedRows, EXPORT_BATCH_SIZE } from '../../lib/exports/batched-rows.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import { registerChargePaid, type PaidCharge } from '../charges/charge-paid.service.ts';
import {
  driverSummaries,
  findReferralCodeHolder,
  registerInviterLink,
  type DriverSummary,
} from '../drivers/drivers.service.ts';
import { postBalanceEntry } from '../drivers/ledger.service.ts';
import * as repo from './referrals.repository.ts';
import { bonusEntries, linkRefusal, unlinkRefusal } from './referrals.rules.ts';

/*
 * Referrals (PRODUCT.md, Referral): who invited whom, linked by the inviter's referral code at
 * registration or on the invited driver's card, and the bonuses both get when the invited driver's
 * first paid charge completes (charge-paid.service.ts), once.
 */

export interface ReferralsDeps {
  db: Db;
}

/** A link with both drivers as a list shows them. */
export interface ReferralRecord extends repo.ReferralRow {
  inviter: DriverSummary;
  invited: DriverSummary;
}

const FIELD = 'referral_code';

/** A refusal naming the form's field, which both the driver form and the card's dialog call `referral_code`. */
function refused(status: 400 | 409, key: MessageKey) {
  return new AppError(status, key, { fields: { [FIELD]: [key] } });
}

/**
 * Links `invitedId` to the driver whose referral code is `code`, in the caller's transaction: never
 * to themselves, never in a circle (the inviter's chain is walked under the links' lock, so two
 * links made at once are checked one after the other), and not once the bonuses were paid.
 * Answers the inviter's id. 404 for an unknown invited driver.
 */
async function link(tx: Db, invitedId: number, code: string, managerId: number | null): Promise<number> {
  await repo.lockLinks(tx);
  const inviterId = await findReferralCodeHolder(tx, code);
  if (inviterId === undefined) throw refused(400, 'referral_code_unknown');
  if (!(await driverSummaries(tx, [invitedId])).has(invitedId)) throw notFound();
  const current = await repo.findReferral(tx, invitedId, { forUpdate: true });
  const inChain = await repo.inInviterChain(tx, inviterId, invitedId);
  const refusal = linkRefusal({ invitedId, inviterId, current, inChain });
  if (refusal) throw refused(refusal.status, refusal.key);
  if (current?.inviterDriverId !== inviterId) await repo.saveLink(tx, { invitedId, inviterId, managerId });
  return inviterId;
}

/** PUT /users/{id}/inviter/: a manager names the driver's inviter on the card. Answers the inviter. */
export async function setInviter(
  deps: ReferralsDeps,
  invitedId: number,
  code: string,
  managerId: number,
): Promise<DriverSummary> {
  const inviterId = await deps.db.transaction((tx) => link(tx, invitedId, code, managerId));
  return (await driverSummaries(deps.db, [inviterId])).get(inviterId)!;
}

/** DELETE /users/{id}/inviter/: the link removed while its bonuses are not paid; nothing to remove is no error. */
export async function removeInviter(deps: ReferralsDeps, invitedId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await repo.lockLinks(tx);
    if (!(await driverSummaries(tx, [invitedId])).has(invitedId)) throw notFound();
    const current = await repo.findReferral(tx, invitedId, { forUpdate: true });
    const refusal = unlinkRefusal(current);
    if (refusal) throw new AppError(409, refusal);
    if (current) await repo.deleteLink(tx, invitedId);
  });
}

/**
 * The invited driver's paid charge, in its settling transaction: the first one claims the reward
 * (repo.claimReward, once however many settle at once) and credits both bonuses through the ledger.
 * Lock order: the settlement holds the invited driver's balance (its debit) and now takes the
 * inviter's. Links form no circle (link), so no two settlements wait on each other's balances in
 * opposite orders; and both come before the charge's row is written (completeCharge), whose
 * trigger locks the day's shared count row last. No deadlock (referral-rewards.test.ts, a chain).
 */
async function rewardPaidCharge(tx: Db, paid: PaidCharge): Promise<void> {
  const reward = await repo.claimReward(tx, paid.driverId, paid.id, paid.at);
  if (!reward) return;
  const ids = { inviterEntryId: null as number | null, invitedEntryId: null as number | null };
  for (const entry of bonusEntries(reward)) {
    const posted = await postBalanceEntry(tx, {
      driverId: entry.driverId,
      creditTyiyn: entry.creditTyiyn,
      reason: `#${paid.id}`,
      method: 'referral',
      at: paid.at,
    });
    ids[entry.side === 'inviter' ? 'inviterEntryId' : 'invitedEntryId'] = posted.id;
  }
  await repo.setRewardEntries(tx, paid.driverId, ids);
}

// ---- Settings

export function getReferralSettings(deps: ReferralsDeps): Promise<repo.SettingsRow> {
  return repo.findSettings(deps.db);
}

/** The bonuses paid from now on; links rewarded before keep what they were paid. */
export function updateReferralSettings(
  deps: ReferralsDeps,
  input: ReferralSettingsUpdate,
  managerId: number,
): Promise<repo.SettingsRow> {
  return repo.updateSettings(deps.db, {
    inviterBonusTyiyn: input.inviter_bonus,
    invitedBonusTyiyn: input.invited_bonus,
    updatedBy: managerId,
  });
}

// ---- The list

export type ReferralListQuery = Partial<ReferralFilters>;

function referralFilter(query: ReferralListQuery): repo.ReferralFilter {
  return { from: query.period__from, to: query.period__to, driverId: query.driver, status: query.status };
}

async function withDrivers(db: Db, rows: readonly repo.ReferralRow[]): Promise<ReferralRecord[]> {
  const drivers = await driverSummaries(
    db,
    rows.flatMap((row) => [row.inviterDriverId, row.invitedDriverId]),
  );
  return rows.map((row) => ({
    ...row,
    inviter: drivers.get(row.inviterDriverId)!,
    invited: drivers.get(row.invitedDriverId)!,
  }));
}

/** Newest link first; `driver` keeps the links either side of one driver. */
export async function listReferrals(deps: ReferralsDeps, query: ReferralListQuery): Promise<Paged<ReferralRecord>> {
  const page = pageRequest(query);
  const { rows, total } = await repo.listReferrals(deps.db, referralFilter(query), pageWindow(page));
  return pagedResult(await withDrivers(deps.db, rows), total, page);
}

/** Every link the list's filters select, in its order, in keyset batches (GET /referrals/export/). */
export function exportReferrals(
  deps: ReferralsDeps,
  query: ReferralListQuery,
): AsyncIterable<readonly ReferralRecord[]> {
  const filter = referralFilter(query);
  return batchedRows<ReferralRecord>(
    async (last, limit) => withDrivers(deps.db, await repo.referralsAfter(deps.db, filter, last, limit)),
    EXPORT_BATCH_SIZE,
  );
}

// ---- For other modules

/**
 * Plugs the referrals into the drivers' registration (the inviter's code on the form) and the
 * charges' settlement (the reward); once as the app starts (app.ts, the demo).
 */
export function registerReferrals(): void {
  registerInviterLink(async (tx, invitedId, code, managerId) => {
    await link(tx, invitedId, code, managerId);
  });
  registerChargePaid(rewardPaidCharge);
}

// ---- For the demo

/** Dates the links of `links` ([invited driver, when]) as the demo's history has them. */
export async function backdateLinksForDemo(db: Db, links: readonly [number, Date][]): Promise<void> {
  for (const [invitedId, at] of links) await repo.setLinkedAt(db, invitedId, at);
}
