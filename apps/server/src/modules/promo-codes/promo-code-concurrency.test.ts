import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { promoCodeRedemptions, promoCodes } from '../../db/schema/promo-codes.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { aPromoCode } from '../../test/builders/promo-codes.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';

/*
 * Redemptions at once: the limits live in the database (the conditional UPDATE of used_count and the
 * row lock it holds), so a burst neither passes a code's total nor a driver's own limit. On
 * PostgreSQL (TEST_DATABASE_URL) the requests really run side by side on the pool's connections.
 */

const ctx = useSignedInApp({ name: 'Manager Rush' });
const users = apiCalls(ctx, 'users/', { lang: 'en' });

const apply = (driverId: number, code: string) => users('POST', `${driverId}/promo-code/`, { payload: { code } });

/** Drivers whose balance differs from the sum of their ledger entries: none, ever. */
async function driversOffTheirLedger(ids: readonly number[]) {
  return queryRows<{ id: number }>(
    ctx.database.db,
    sql`select d.id from drivers d
        where d.id = any(${`{${ids.join(',')}}`}::int[])
          and d.balance_tyiyn <> (select coalesce(sum(credit_tyiyn - debit_tyiyn), 0) from balance_entries e where e.driver_id = d.id)`,
  );
}

async function codeState(id: number) {
  const [row] = await ctx.database.db
    .select({ used: promoCodes.usedCount })
    .from(promoCodes)
    .where(eq(promoCodes.id, id));
  const redemptions = await ctx.database.db
    .select({ driverId: promoCodeRedemptions.driverId })
    .from(promoCodeRedemptions)
    .where(eq(promoCodeRedemptions.promoCodeId, id));
  return { used: row!.used, redemptions: redemptions.length };
}

describe('redemptions at once', { timeout: 120_000 }, () => {
  it('50 drivers redeeming a code limited to 10 uses: exactly 10 credited, used_count 10', async () => {
    const drivers = await Promise.all(Array.from({ length: 50 }, () => aDriver(ctx.database)));
    const code = await aPromoCode(ctx.database, { code: 'RUSH-10', total_uses: 10, bonus: 700 });
    const responses = await Promise.all(drivers.map((driver) => apply(driver.id, 'rush-10')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(await codeState(code.id)).toEqual({ used: 10, redemptions: 10 });
    const [credited] = await queryRows<{ total: string }>(
      ctx.database.db,
      sql`select coalesce(sum(credit_tyiyn), 0) as total from balance_entries where method = 'promo_code'
          and driver_id = any(${`{${drivers.map((driver) => driver.id).join(',')}}`}::int[])`,
    );
    expect(Number(credited!.total)).toBe(10 * 700);
    expect(await driversOffTheirLedger(drivers.map((driver) => driver.id))).toEqual([]);
  });

  it('one driver redeeming a once-per-driver code 10 times at once is credited once', async () => {
    const driver = await aDriver(ctx.database, { balanceTyiyn: 50 });
    const code = await aPromoCode(ctx.database, { code: 'ONCE-RUSH', uses_per_driver: 1, bonus: 300 });
    const responses = await Promise.all(Array.from({ length: 10 }, () => apply(driver.id, 'ONCE-RUSH')));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await codeState(code.id)).toEqual({ used: 1, redemptions: 1 });
    const [row] = await queryRows<{ balance: string }>(
      ctx.database.db,
      sql`select balance_tyiyn as balance from drivers where id = ${driver.id}`,
    );
    expect(Number(row!.balance)).toBe(350);
    expect(await driversOffTheirLedger([driver.id])).toEqual([]);
  });
});
