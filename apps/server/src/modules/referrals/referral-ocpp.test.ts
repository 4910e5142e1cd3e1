import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceEntries, drivers } from '../../db/schema/drivers.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { aRate } from '../../test/builders/rates.ts';
import { aConnectableStation, startTransaction, useChargePointApp } from '../../test/charge-points.ts';

/*
 * The bonuses earned by real charges: the invited driver charges at two stations over OCPP and
 * both stop at the same moment; inviter and invited are credited once.
 */
const ctx = useChargePointApp();

beforeAll(async () => {
  await aRate(ctx.database, { typo: 'type2', priceTyiyn: 1250, status: 0 });
});

describe('referral bonuses over OCPP', () => {
  it(
    'credits both once when two charges of the invited driver stop at the same moment',
    { timeout: 60_000 },
    async () => {
      const settings = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/referrals/settings/',
        headers: ctx.auth,
        payload: { inviter_bonus: 40, invited_bonus: 20 },
      });
      expect(settings.statusCode).toBe(200);
      const inviter = await aDriver(ctx.database);
      const invited = await aDriver(ctx.database, { balanceTyiyn: 100_000, idTags: ['REF-A', 'REF-B'] });
      const linked = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${invited.id}/inviter/`,
        headers: ctx.auth,
        payload: { referral_code: inviter.referralCode },
      });
      expect(linked.statusCode).toBe(200);

      const clients = await Promise.all([1, 2].map(async () => ctx.connect((await aConnectableStation(ctx)).identity)));
      const startedAt = new Date(Date.now() - 3_600_000).toISOString();
      const ids = [
        await startTransaction(clients[0]!, 'REF-A', startedAt),
        await startTransaction(clients[1]!, 'REF-B', startedAt),
      ];
      const timestamp = new Date().toISOString();
      await Promise.all(
        clients.map((client, i) =>
          client.call('StopTransaction', { transactionId: ids[i], meterStop: 4_000, timestamp }),
        ),
      );

      const entries = await ctx.database.db
        .select()
        .from(balanceEntries)
        .where(inArray(balanceEntries.driverId, [inviter.id, invited.id]));
      const bonuses = entries.filter((entry) => entry.method === 'referral');
      expect(bonuses.map((entry) => [entry.driverId, entry.creditTyiyn]).sort()).toEqual(
        [
          [inviter.id, 4_000],
          [invited.id, 2_000],
        ].sort(),
      );
      // Two debits of 4 kWh x 12.50 som, the opening balance and the bonus: the balance is its ledger.
      const [row] = await ctx.database.db
        .select({ balance: drivers.balanceTyiyn })
        .from(drivers)
        .where(eq(drivers.id, invited.id));
      const sum = entries
        .filter((entry) => entry.driverId === invited.id)
        .reduce((total, entry) => total + entry.creditTyiyn - entry.debitTyiyn, 0);
      expect(row!.balance).toBe(sum);
      expect(sum).toBe(100_000 - 2 * 5_000 + 2_000);
    },
  );
});
