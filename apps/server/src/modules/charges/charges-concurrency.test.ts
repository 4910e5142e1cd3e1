import { asc, count, eq, isNotNull, sql, type AnyColumn } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TIME_ZONE } from '@evcms/contracts/dates';
import { chargeDayCounts, chargeFinishMinuteCounts, charges, chargeStatusCounts } from '../../db/schema/charges.ts';
import { balanceEntries, drivers } from '../../db/schema/drivers.ts';
import { aChargePoint } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { useSignedInApp } from '../../test/test-app.ts';
import { completeCharge } from './charge-lifecycle.service.ts';
import { initiateCharge, openCharge, type OpenedCharge } from './charge-start.service.ts';

/*
 * The charge services under copies racing: on PostgreSQL (TEST_DATABASE_URL) each call is its own
 * transaction on a pool of connections. A start sent many times at once is one charge; a charge
 * completed many times at once is debited once; completions and top-ups of one driver at once
 * leave the balance equal to the sum of the entries.
 */
const ctx = useSignedInApp();
const PARALLEL = 50;
const COPIES = 20;

/** Opens the pool's connections first, so the copies below really run side by side. */
const warmUp = () => Promise.all(Array.from({ length: 10 }, () => ctx.database.db.execute(sql`select pg_sleep(0.05)`)));

describe('starts sent again while the first is still being written', () => {
  it(`open one charge for ${COPIES} identical StartTransactions at once`, { timeout: 120_000 }, async () => {
    const station = await aChargePoint(ctx.database);
    await aDriver(ctx.database, { balanceTyiyn: 10_000, idTags: ['RACE-1'] });
    const start = {
      stationId: station.id,
      ocppConnectorId: 1,
      idTag: 'RACE-1',
      meterStartWh: 4_200,
      startedAt: new Date('2024-05-01T08:00:00Z'),
    };
    await warmUp();
    const answers = await Promise.all(Array.from({ length: COPIES }, () => openCharge(ctx.database.db, start)));
    expect(new Set(answers.map((answer) => answer.chargeId)).size).toBe(1);
    expect(answers.every((answer) => answer.idTagStatus === 'Accepted')).toBe(true);
    expect(
      await ctx.database.db.select({ id: charges.id }).from(charges).where(eq(charges.stationId, station.id)),
    ).toHaveLength(1);
  });

  it(
    `turn a waiting initiated charge into one started charge for ${COPIES} copies at once`,
    { timeout: 120_000 },
    async () => {
      const station = await aChargePoint(ctx.database);
      await aDriver(ctx.database, { balanceTyiyn: 10_000, idTags: ['RACE-2'] });
      const initiated = await initiateCharge(ctx.database.db, {
        stationId: station.id,
        ocppConnectorId: 1,
        idTag: 'RACE-2',
      });
      const start = {
        stationId: station.id,
        ocppConnectorId: 1,
        idTag: 'RACE-2',
        meterStartWh: 0,
        startedAt: new Date('2024-05-01T09:00:00Z'),
      };
      const answers = await Promise.all(Array.from({ length: COPIES }, () => openCharge(ctx.database.db, start)));
      expect(new Set(answers.map((answer) => answer.chargeId))).toEqual(new Set([initiated.id]));
      const rows = await ctx.database.db
        .select({ id: charges.id, status: charges.status })
        .from(charges)
        .where(eq(charges.stationId, station.id));
      expect(rows).toEqual([{ id: initiated.id, status: 'in_progress' }]);
    },
  );
});

describe('completions and top-ups of one driver at once', () => {
  it(
    `debit each of ${PARALLEL} charges once, completed twice each, beside ${PARALLEL} top-ups`,
    { timeout: 180_000 },
    async () => {
      const station = await aChargePoint(ctx.database, { customFeeTyiyn: 1000 });
      const driver = await aDriver(ctx.database, { balanceTyiyn: 10_000, idTags: ['RACE-3'] });
      const opened: OpenedCharge[] = [];
      for (let n = 0; n < PARALLEL; n += 1) {
        const startedAt = new Date(Date.UTC(2024, 4, 2, 8, n));
        opened.push(
          await openCharge(ctx.database.db, {
            stationId: station.id,
            ocppConnectorId: 1,
            idTag: 'RACE-3',
            meterStartWh: n * 100_000,
            startedAt,
          }),
        );
      }
      expect(opened.every((charge) => charge.idTagStatus === 'Accepted')).toBe(true);

      // Charge n delivers (n + 1) x 100 Wh at 10 som per kWh: (n + 1) som.
      const complete = (n: number) =>
        completeCharge(ctx.database.db, opened[n]!.chargeId, {
          meterStopWh: n * 100_000 + (n + 1) * 100,
          finishedAt: new Date(Date.UTC(2024, 4, 2, 9, n)),
        });
      const completions = Array.from({ length: PARALLEL * 2 }, (_, i) => complete(i % PARALLEL));
      const topUps = Array.from({ length: PARALLEL }, (_, n) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/v1/users/${driver.id}/balance/`,
          headers: ctx.auth,
          payload: { amount: 3, reason: `Top-up ${n}` },
        }),
      );
      const [completed, answers] = await Promise.all([Promise.all(completions), Promise.all(topUps)]);
      expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.body)).toEqual([]);
      expect(completed.filter((result) => result.settled)).toHaveLength(PARALLEL);

      const [row] = await ctx.database.db
        .select({ balance: drivers.balanceTyiyn })
        .from(drivers)
        .where(eq(drivers.id, driver.id));
      const entries = await ctx.database.db
        .select()
        .from(balanceEntries)
        .where(eq(balanceEntries.driverId, driver.id))
        .orderBy(asc(balanceEntries.id));
      const debits = entries.filter((entry) => entry.method === 'charge');
      expect(debits).toHaveLength(PARALLEL);
      expect(new Set(debits.map((entry) => entry.chargeId)).size).toBe(PARALLEL);
      const charged = ((PARALLEL * (PARALLEL + 1)) / 2) * 100;
      expect(debits.reduce((sum, entry) => sum + entry.debitTyiyn, 0)).toBe(charged);
      expect(row!.balance).toBe(10_000 + PARALLEL * 300 - charged);
      expect(entries.reduce((sum, entry) => sum + entry.creditTyiyn - entry.debitTyiyn, 0)).toBe(row!.balance);
      // The entries in id order form a chain.
      let balance = 0;
      for (const entry of entries) {
        balance += entry.creditTyiyn - entry.debitTyiyn;
        expect(entry.balanceAfterTyiyn, `entry ${entry.id}`).toBe(balance);
      }
      const totals = await ctx.database.db
        .select({ total: charges.totalTyiyn, status: charges.status })
        .from(charges)
        .where(eq(charges.driverId, driver.id));
      expect(totals.every((charge) => charge.status === 'finished')).toBe(true);
      expect(totals.reduce((sum, charge) => sum + charge.total, 0)).toBe(charged);
    },
  );
});

describe('the kept status counts', () => {
  it('equal a count of the charges after everything above ran at once', async () => {
    const kept = await ctx.database.db
      .select({ status: chargeStatusCounts.status, n: chargeStatusCounts.charges })
      .from(chargeStatusCounts);
    const counted = await ctx.database.db
      .select({ status: charges.status, n: count() })
      .from(charges)
      .groupBy(charges.status);
    const byStatus = new Map(counted.map((row) => [row.status, row.n]));
    expect(kept.filter((row) => row.n !== (byStatus.get(row.status) ?? 0))).toEqual([]);
    expect(kept.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThan(PARALLEL);
  });

  it('by start day, finish day and status too', async () => {
    const days = chargeDayCounts;
    const kept = await ctx.database.db
      .select({ startedOn: days.startedOn, finishedOn: days.finishedOn, status: days.status, n: days.charges })
      .from(days)
      .where(sql`${days.charges} <> 0`);
    const bishkekDay = (at: AnyColumn) => sql<string | null>`to_char(${at} at time zone ${TIME_ZONE}, 'YYYY-MM-DD')`;
    const counted = await ctx.database.db
      .select({
        startedOn: bishkekDay(charges.startedAt),
        finishedOn: bishkekDay(charges.finishedAt),
        status: charges.status,
        n: count(),
      })
      .from(charges)
      .groupBy(sql`1, 2, 3`);
    const key = (row: { startedOn: string | null; finishedOn: string | null; status: string; n: number }) =>
      `${row.startedOn} ${row.finishedOn} ${row.status} ${row.n}`;
    expect(kept.map(key).sort()).toEqual(counted.map(key).sort());
  });

  it('by finish minute and status too', async () => {
    const minutes = chargeFinishMinuteCounts;
    const kept = await ctx.database.db
      .select({ minute: minutes.minute, status: minutes.status, n: minutes.charges })
      .from(minutes)
      .where(sql`${minutes.charges} <> 0`);
    const minute = sql<number>`(extract(hour from ${charges.finishedTime}) * 60 + extract(minute from ${charges.finishedTime}))::int`;
    const counted = await ctx.database.db
      .select({ minute, status: charges.status, n: count() })
      .from(charges)
      .where(isNotNull(charges.finishedTime))
      .groupBy(sql`1, 2`);
    const key = (row: { minute: number; status: string; n: number }) => `${row.minute} ${row.status} ${row.n}`;
    expect(counted.length).toBeGreaterThan(0);
    expect(kept.map(key).sort()).toEqual(counted.map(key).sort());
  });
});
