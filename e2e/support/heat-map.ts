import { localDate } from '@evcms/contracts/dates';
import { registerAnalytics } from '../../apps/server/src/modules/analytics/analytics.service.ts';
import { aCharge, aChargePoint } from '../../apps/server/src/test/builders/charges.ts';
import { aDriver } from '../../apps/server/src/test/builders/drivers.ts';
import { changeStation } from '../../apps/server/src/test/builders/stations.ts';
import { withDatabase } from './charges.ts';

/*
 * Three stations of one merchant at three places in Bishkek, each with charges on the five days
 * before the seed at an hour of its own (Bishkek time): Ala-Too in the morning, Dordoi in the
 * evening, Osh Bazaar at night. They settle through the charge services, as the server's own do.
 */

export interface HeatMapSeed {
  /** The Bishkek days around the charges, both included (YYYY-MM-DD). */
  from: string;
  to: string;
  /** Charges per station (each 10 kWh at 10.00 som, so 100.00 som each). */
  chargesEach: number;
  stations: { name: string; hour: number }[];
}

const PLACES = [
  { name: 'Ала-Тоо', latitude: '42.876400', longitude: '74.603700', hour: 9 },
  { name: 'Дордой', latitude: '42.938900', longitude: '74.617800', hour: 19 },
  { name: 'Ош базар', latitude: '42.874700', longitude: '74.569800', hour: 2 },
];
const DAYS = 5;

export async function seedHeatMap(dataDir: string): Promise<HeatMapSeed> {
  registerAnalytics();
  return withDatabase(dataDir, async (database) => {
    const driver = await aDriver(database, { surname: 'Асанов', firstName: 'Бакыт', balanceTyiyn: 10_000_000 });
    const now = Date.now();
    let merchantId: number | undefined;
    for (const place of PLACES) {
      const station = await aChargePoint(database, { name: place.name, ...(merchantId && { merchantId }) });
      merchantId = station.merchantId;
      await changeStation(database, station.id, { latitude: place.latitude, longitude: place.longitude });
      for (let day = 1; day <= DAYS; day += 1) {
        const date = localDate(new Date(now - day * 86_400_000));
        const hour = String(place.hour).padStart(2, '0');
        const startedAt = new Date(`${date}T${hour}:05:00+06:00`);
        await aCharge(database, {
          station,
          driverId: driver.id,
          startedAt,
          finishedAt: new Date(startedAt.getTime() + 40 * 60_000),
        });
      }
    }
    return {
      from: localDate(new Date(now - 10 * 86_400_000)),
      to: localDate(new Date(now)),
      chargesEach: DAYS,
      stations: PLACES.map(({ name, hour }) => ({ name, hour })),
    };
  });
}
