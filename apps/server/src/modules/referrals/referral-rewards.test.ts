import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceEntries, drivers } from '../../db/schema/drivers.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { useSignedInApp } from '../../test/test-app.ts';
import { registerDiscountFor } from '../charges/charge-discounts.service.ts';
import { completeCharge, type ChargeRow } from '../charges/charge-lifecycle.service.ts';
import { aPromotionRow } from '../../test/builders/promotions.ts';

/*
 * The bonuses of an invitation: paid when the invited driver's first paid charge completes, to both,
 * once, even when two of its charges complete at the same moment; a balance always equals its ledger.
 */
const ctx = useSignedInApp();

async function setBonuses(inviter: number | string, invited: number | string) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/referrals/settings/',
    headers: ctx.auth,
    payload: { inviter_bonus: inviter, invited_bonus: invited },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** An invited driver with 10,000 som and its inviter with none, linked on the card. */
async function anInvitation() {
  const inviter = await aDriver(ctx.database);
  const invited = await aDriver(ctx.database, { balanceTyiyn: 1_000_000 });
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${invited.id}/inviter/`,
    headers: ctx.auth,
    payload: { referral_code: inviter.referralCode },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { inviter, invited };
}

async function referralEntries(driverId: number) {
  return ctx.database.db
    .select()
    .from(balanceEntries)
    .where(eq(balanceEntries.driverId, driverId))
    .orderBy(asc(balanceEntries.id))
    .then((rows) => rows.filter((row) => row.method === 'referral'));
}

/** Every driver's balance against the sum of its entries: the drivers whose differ. */
async function ledgerMismatches(ids: number[]) {
  const balances = await ctx.database.db
    .select({ id: drivers.id, balance: drivers.balanceTyiyn })
    .from(drivers)
    .where(inArray(drivers.id, ids));
  const entries = await ctx.database.db.select().from(balanceEntries).where(inArray(balanceEntries.driverId, ids));
  return balances.filter(
    ({ id, balance }) =>
      balance !==
      entries.filter((entry) => entry.driverId === id).reduce((sum, e) => sum + e.creditTyiyn - e.debitTyiyn, 0),
  );
}

/** StopTransaction of an open charge: 5 kWh in an hour, well within the connector's power. */
function stop(charge: ChargeRow) {
  const finishedAt = new Date(charge.startedAt.getTime() + 3_600_000);
  return completeCharge(ctx.database.db, charge.id, { meterStopWh: charge.meterStartWh! + 5_000, finishedAt });
}

async function referralOf(invitedId: number) {
  const [row] = await ctx.database.db.select().from(referrals).where(eq(referrals.invitedDriverId, invitedId));
  return row!;
}

describe('the referral bonuses', () => {
  it('credits both at the first paid charge, with the settings of that moment, and never again', async () => {
    await setBonuses(50, '25.5');
    const { inviter, invited } = await anInvitation();
    const charge = await aCharge(ctx.database, { driverId: invited.id });
    const [toInviter] = await referralEntries(inviter.id);
    const [toInvited] = await referralEntries(invited.id);
    expect(toInviter).toMatchObject({ creditTyiyn: 5_000, debitTyiyn: 0, reason: `#${charge.id}` });
    expect(toInvited).toMatchObject({ creditTyiyn: 2_550, debitTyiyn: 0 });
    expect(await referralOf(invited.id)).toMatchObject({
      chargeId: charge.id,
      inviterBonusTyiyn: 5_000,
      invitedBonusTyiyn: 2_550,
      inviterEntryId: toInviter!.id,
      invitedEntryId: toInvited!.id,
    });
    await setBonuses(70, 70);
    await aCharge(ctx.database, { driverId: invited.id });
    expect(await referralEntries(inviter.id)).toHaveLength(1);
    expect(await referralEntries(invited.id)).toHaveLength(1);
    expect((await referralOf(invited.id)).inviterBonusTyiyn).toBe(5_000);
    expect(await ledgerMismatches([inviter.id, invited.id])).toEqual([]);
  });

  it('writes no entry for a bonus of 0, still marking the invitation rewarded', async () => {
    await setBonuses(0, 10);
    const { inviter, invited } = await anInvitation();
    await aCharge(ctx.database, { driverId: invited.id });
    expect(await referralEntries(inviter.id)).toEqual([]);
    expect(await referralEntries(invited.id)).toHaveLength(1);
    expect(await referralOf(invited.id)).toMatchObject({ inviterBonusTyiyn: 0, inviterEntryId: null });
    expect((await referralOf(invited.id)).rewardedAt).not.toBeNull();
  });

  it('waits for a paid charge: one a promotion paid in full, or with no energy, earns nothing', async () => {
    await setBonuses(10, 10);
    const { inviter, invited } = await anInvitation();
    const free = await aChargePoint(ctx.database);
    const promotionId = await aPromotionRow(ctx.database);
    const restore = registerDiscountFor(async (_db, charge) =>
      charge.stationId === free.id ? { promotionId, discountTyiyn: charge.amountTyiyn } : null,
    );
    try {
      await aCharge(ctx.database, { driverId: invited.id, station: free });
    } finally {
      registerDiscountFor(restore);
    }
    await aCharge(ctx.database, { driverId: invited.id, consumedWh: 0 });
    expect((await referralOf(invited.id)).rewardedAt).toBeNull();
    expect(await referralEntries(inviter.id)).toEqual([]);
    const paid = await aCharge(ctx.database, { driverId: invited.id });
    expect((await referralOf(invited.id)).chargeId).toBe(paid.id);
    expect(await referralEntries(inviter.id)).toHaveLength(1);
  });

  it('pays nothing to a driver nobody invited', async () => {
    await setBonuses(10, 10);
    const driver = await aDriver(ctx.database, { balanceTyiyn: 1_000_000 });
    await aCharge(ctx.database, { driverId: driver.id });
    expect(await referralEntries(driver.id)).toEqual([]);
  });

  it(
    'rewards once when two charges of the invited driver complete at the same moment',
    { timeout: 120_000 },
    async () => {
      await setBonuses(30, 20);
      const ids: number[] = [];
      for (let round = 0; round < 5; round++) {
        const { inviter, invited } = await anInvitation();
        ids.push(inviter.id, invited.id);
        const open = [
          await aCharge(ctx.database, { driverId: invited.id, stop: false }),
          await aCharge(ctx.database, { driverId: invited.id, stop: false }),
        ];
        const settled = await Promise.all(open.map(stop));
        expect(settled.map((result) => result.settled)).toEqual([true, true]);
        expect(await referralEntries(inviter.id)).toHaveLength(1);
        expect(await referralEntries(invited.id)).toHaveLength(1);
        expect(open.map((charge) => charge.id)).toContain((await referralOf(invited.id)).chargeId);
      }
      expect(await ledgerMismatches(ids)).toEqual([]);
    },
  );

  it('rewards chains of invitations completing at once without a deadlock', { timeout: 120_000 }, async () => {
    await setBonuses(5, 5);
    for (let round = 0; round < 5; round++) {
      // a invited b, b invited c: b's and c's charges settle together, each crediting its inviter.
      const a = await aDriver(ctx.database, { balanceTyiyn: 1_000_000 });
      const b = await aDriver(ctx.database, { balanceTyiyn: 1_000_000 });
      const c = await aDriver(ctx.database, { balanceTyiyn: 1_000_000 });
      for (const [invited, inviter] of [
        [b, a],
        [c, b],
      ] as const) {
        const response = await ctx.app.inject({
          method: 'PUT',
          url: `/api/v1/users/${invited.id}/inviter/`,
          headers: ctx.auth,
          payload: { referral_code: inviter.referralCode },
        });
        expect(response.statusCode).toBe(200);
      }
      const open = [
        await aCharge(ctx.database, { driverId: b.id, stop: false }),
        await aCharge(ctx.database, { driverId: c.id, stop: false }),
      ];
      await Promise.all(open.map(stop));
      expect((await referralEntries(b.id)).map((entry) => entry.creditTyiyn)).toEqual([500, 500]);
      expect(await ledgerMismatches([a.id, b.id, c.id])).toEqual([]);
    }
  });
});
