import { and, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ReferralStatus } from '@evcms/contracts/referrals';
import { queryRows, type Db } from '../../db/client.ts';
import { referrals, referralSettings } from '../../db/schema/referrals.ts';
import { withinDays } from '../../lib/periods.ts';

/* The referrals' links and their one settings row (db/schema/referrals.ts). */

export type ReferralRow = typeof referrals.$inferSelect;
export type SettingsRow = typeof referralSettings.$inferSelect;

/** Any fixed number of this app's own: the key every link waits on (pg_advisory_xact_lock). */
const LINKS_LOCK_KEY = 32_0001;

/**
 * Serialises links to the end of the caller's transaction: two managers linking A to B and B to A
 * at once would each find no circle in what the other has not committed yet; one after the other,
 * the second finds the first's link.
 */
export async function lockLinks(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LINKS_LOCK_KEY})`);
}

/** Whether `driverId` is `inviterId` or among its inviters, their inviters and so on. */
export async function inInviterChain(db: Db, inviterId: number, driverId: number): Promise<boolean> {
  // UNION (not ALL) drops a driver met again, so the walk ends even on data that held a circle.
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`with recursive chain(id) as (
          select ${inviterId}::int
          union
          select r.inviter_driver_id from referrals r join chain c on r.invited_driver_id = c.id
        )
        select exists(select 1 from chain where id = ${driverId}) as found`,
  );
  return row?.found === true;
}

/** The driver's link; with `forUpdate` its row is locked to the end of the transaction. */
export async function findReferral(db: Db, invitedId: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(referrals).where(eq(referrals.invitedDriverId, invitedId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Links (or re-links) the invited driver, now; the caller checked it is not rewarded. */
export async function saveLink(db: Db, link: { invitedId: number; inviterId: number; managerId: number | null }) {
  const values = { inviterDriverId: link.inviterId, linkedAt: new Date(), linkedBy: link.managerId };
  await db
    .insert(referrals)
    .values({ invitedDriverId: link.invitedId, ...values })
    .onConflictDoUpdate({ target: referrals.invitedDriverId, set: values });
}

/** The demo's links dated when their invited drivers registered. */
export async function setLinkedAt(db: Db, invitedId: number, linkedAt: Date): Promise<void> {
  await db.update(referrals).set({ linkedAt }).where(eq(referrals.invitedDriverId, invitedId));
}

export async function deleteLink(db: Db, invitedId: number): Promise<void> {
  await db.delete(referrals).where(eq(referrals.invitedDriverId, invitedId));
}

/**
 * Marks the invited driver's link rewarded by `chargeId`, with the bonuses the settings hold now,
 * unless it was rewarded before: one conditional UPDATE, so of two settlements racing (each
 * re-checks the row once the other commits) one finds it and the other nothing. Answers the link.
 */
export async function claimReward(db: Db, invitedId: number, chargeId: number, at: Date) {
  const [row] = await db
    .update(referrals)
    .set({
      rewardedAt: at,
      chargeId,
      inviterBonusTyiyn: sql`(select inviter_bonus_tyiyn from referral_settings)`,
      invitedBonusTyiyn: sql`(select invited_bonus_tyiyn from referral_settings)`,
    })
    .where(and(eq(referrals.invitedDriverId, invitedId), isNull(referrals.rewardedAt)))
    .returning();
  return row;
}

export async function setRewardEntries(
  db: Db,
  invitedId: number,
  entries: { inviterEntryId: number | null; invitedEntryId: number | null },
): Promise<void> {
  await db.update(referrals).set(entries).where(eq(referrals.invitedDriverId, invitedId));
}

// ---- Settings

export async function findSettings(db: Db): Promise<SettingsRow> {
  const [row] = await db.select().from(referralSettings);
  return row!;
}

export async function updateSettings(
  db: Db,
  values: { inviterBonusTyiyn: number; invitedBonusTyiyn: number; updatedBy: number | null },
): Promise<SettingsRow> {
  const [row] = await db
    .update(referralSettings)
    .set({ ...values, updatedAt: new Date() })
    .returning();
  return row!;
}

// ---- The list

export interface ReferralFilter {
  from?: string | undefined;
  to?: string | undefined;
  driverId?: number | undefined;
  status?: ReferralStatus | undefined;
}

function referralWhere(filter: ReferralFilter): SQL | undefined {
  return and(
    ...withinDays(referrals.linkedAt, filter.from, filter.to),
    filter.driverId === undefined
      ? undefined
      : or(eq(referrals.invitedDriverId, filter.driverId), eq(referrals.inviterDriverId, filter.driverId)),
    filter.status === undefined
      ? undefined
      : filter.status === 'rewarded'
        ? isNotNull(referrals.rewardedAt)
        : isNull(referrals.rewardedAt),
  );
}

const newestFirst = [desc(referrals.linkedAt), desc(referrals.invitedDriverId)];

/** Newest link first: one query for the page, one for the count. */
export async function listReferrals(db: Db, filter: ReferralFilter, window: { limit: number; offset: number }) {
  const where = referralWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(referrals)
      .where(where)
      .orderBy(...newestFirst)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(referrals).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The list's next `limit` rows after `last`, in its order: a keyset batch of the export. */
export function referralsAfter(db: Db, filter: ReferralFilter, last: ReferralRow | undefined, limit: number) {
  // The last row's stored time, not its JS Date (microseconds; see drivers.repository.ts driversAfter).
  const after =
    last &&
    sql`(${referrals.linkedAt}, ${referrals.invitedDriverId}) < (select linked_at, invited_driver_id from referrals where invited_driver_id = ${last.invitedDriverId})`;
  return db
    .select()
    .from(referrals)
    .where(and(referralWhere(filter), after))
    .orderBy(...newestFirst)
    .limit(limit);
}
