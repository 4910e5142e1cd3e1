import { localDate } from '@evcms/contracts/dates';
import { registerAnalytics } from '../../apps/server/src/modules/analytics/analytics.service.ts';
import { aCharge, aChargePoint } from '../../apps/server/src/test/builders/charges.ts';
import { aDriver } from '../../apps/server/src/test/builders/drivers.ts';
import { withDatabase } from './charges.ts';

/*
 * A month of a small network's charges for the dashboard and the merchant report: two stations of
 * one merchant, a charge a day at each for the 20 days before the seed, at hours that move through
 * the day. They settle through the charge services with the analytics registered, as the server's
 * own settlement counts them.
 */

export interface AnalyticsSeed {
  /** Charges completed, each 10 kWh at 10.00 som. */
  charges: number;
  merchantId: number;
  /** The Bishkek days of the seeded month, both included (YYYY-MM-DD). */
  from: string;
  to: string;
}

export async function seedAnalytics(dataDir: string): Promise<AnalyticsSeed> {
  registerAnalytics();
  return withDatabase(dataDir, async (database) => {
    const first = await aChargePoint(database, { name: 'Ала-Тоо' });
    const second = await aChargePoint(database, { name: 'Дордой', merchantId: first.merchantId });
    const driver = await aDriver(database, { surname: 'Асанов', firstName: 'Бакыт', balanceTyiyn: 10_000_000 });
    const now = Date.now();
    let charges = 0;
    for (let day = 1; day <= 20; day += 1) {
      for (const station of [first, second]) {
        const startedAt = new Date(now - day * 86_400_000 - ((day * 5 + station.id) % 24) * 3_600_000);
        await aCharge(database, { station, driverId: driver.id, startedAt });
        charges += 1;
      }
    }
    return {
      charges,
      merchantId: first.merchantId,
      from: localDate(new Date(now - 30 * 86_400_000)),
      to: localDate(new Date(now)),
    };
  });
}
