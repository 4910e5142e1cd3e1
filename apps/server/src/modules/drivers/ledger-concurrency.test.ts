import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceEntries, drivers } from '../../db/schema/drivers.ts';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { useSignedInApp } from '../../test/test-app.ts';
import { postBalanceEntry } from './ledger.service.ts';

/*
 * The ledger invariant under load: many top-ups and debits of one driver at once. On PostgreSQL
 * (TEST_DATABASE_URL) they run in parallel transactions on a pool of connections; whatever the
 * interleaving, the balance must equal the sum of the entries, no entry may be lost, and the
 * entries in id order must form a chain (each balance after = the previous one + credit - debit).
 */
const ctx = useSignedInApp();
const PARALLEL = 50;

async function ledgerOf(driverId: number) {
  const [driver] = await ctx.database.db
    .select({ balance: drivers.balanceTyiyn })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  const entries = await ctx.database.db
    .select()
    .from(balanceEntries)
    .where(eq(balanceEntries.driverId, driverId))
    .orderBy(asc(balanceEntries.id));
  return { balance: driver!.balance, entries };
}

/** The entries in id order, each changing the previous balance by its own amount, starting from 0. */
function brokenLinks(
  entries: { id: number; creditTyiyn: number; debitTyiyn: number; balanceAfterTyiyn: number }[],
): string[] {
  const broken: string[] = [];
  let balance = 0;
  for (const entry of entries) {
    balance += entry.creditTyiyn - entry.debitTyiyn;
    if (entry.balanceAfterTyiyn !== balance)
      broken.push(`entry ${entry.id}: balance after ${entry.balanceAfterTyiyn}, chain says ${balance}`);
  }
  return broken;
}

describe('the ledger under concurrent postings to one driver', () => {
  it(`loses nothing of ${PARALLEL} top-ups through the API at once`, { timeout: 120_000 }, async () => {
    const driver = await aDriver(ctx.database);
    // 1.00 .. 50.00 som: every amount different, so a lost or doubled one shows in the sum.
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, n) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/v1/users/${driver.id}/balance/`,
          headers: ctx.auth,
          payload: { amount: n + 1, reason: `Top-up ${n + 1}` },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.body)).toEqual([]);
    const { balance, entries } = await ledgerOf(driver.id);
    const expected = ((PARALLEL * (PARALLEL + 1)) / 2) * 100;
    expect(entries).toHaveLength(PARALLEL);
    expect(entries.map((entry) => entry.reason).sort()).toEqual(
      Array.from({ length: PARALLEL }, (_, n) => `Top-up ${n + 1}`).sort(),
    );
    expect(balance).toBe(expected);
    expect(entries.reduce((sum, entry) => sum + entry.creditTyiyn - entry.debitTyiyn, 0)).toBe(expected);
    expect(brokenLinks(entries)).toEqual([]);
  });

  it(
    `loses nothing of ${PARALLEL} debits and ${PARALLEL} top-ups, each in its own transaction, at once`,
    { timeout: 120_000 },
    async () => {
      const driver = await aDriver(ctx.database);
      // Charges to pay for (the ledger's charge_id is a foreign key), open at one station.
      const station = await aChargePoint(ctx.database);
      const chargeIds: number[] = [];
      for (let n = 0; n < PARALLEL; n += 1) chargeIds.push((await aCharge(ctx.database, { station, stop: false })).id);
      const debits = Array.from({ length: PARALLEL }, (_, n) =>
        ctx.database.db.transaction((tx) =>
          postBalanceEntry(tx, {
            driverId: driver.id,
            debitTyiyn: 100 + n,
            reason: `Charge ${n}`,
            method: 'charge',
            chargeId: chargeIds[n],
          }),
        ),
      );
      const credits = Array.from({ length: PARALLEL }, (_, n) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/v1/users/${driver.id}/balance/`,
          headers: ctx.auth,
          payload: { amount: 2, reason: `Top-up ${n}` },
        }),
      );
      const [posted, answers] = await Promise.all([Promise.all(debits), Promise.all(credits)]);
      expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.body)).toEqual([]);
      const { balance, entries } = await ledgerOf(driver.id);
      const debited = posted.reduce((sum, entry) => sum + entry.debitTyiyn, 0);
      expect(entries).toHaveLength(2 * PARALLEL);
      expect(balance).toBe(PARALLEL * 200 - debited);
      expect(entries.reduce((sum, entry) => sum + entry.creditTyiyn - entry.debitTyiyn, 0)).toBe(balance);
      expect(brokenLinks(entries)).toEqual([]);
      // What each posting answered is what its entry holds.
      const byId = new Map(entries.map((entry) => [entry.id, entry.balanceAfterTyiyn]));
      expect(posted.filter((entry) => byId.get(entry.id) !== entry.balanceAfterTyiyn)).toEqual([]);
      // Debits ran ahead of top-ups at times: the balance went below zero and came back, chain intact.
      expect(entries.at(-1)!.balanceAfterTyiyn).toBe(balance);
    },
  );
});
