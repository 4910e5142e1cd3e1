import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, type Database } from '../../apps/server/src/db/client.ts';
import { ensureFirstManager } from '../../apps/server/src/modules/accounts/accounts.service.ts';
import { openCharge } from '../../apps/server/src/modules/charges/charge-start.service.ts';
import { aCharge, aChargePoint } from '../../apps/server/src/test/builders/charges.ts';
import { aDriver } from '../../apps/server/src/test/builders/drivers.ts';
import { ADMIN } from './server.ts';

/*
 * Charges are written by charge points only (no API creates one, and no test route may), so an
 * e2e spec gets them the way the server's own tests do: through the charge services, into the
 * embedded database of the data folder, before the server opens it (`useServerAndBrowser`'s
 * `seed`). The builders name stations '<name> ru' in Russian.
 */

export interface ChargesSeed {
  driverId: number;
  /** Asanov Bakyt's charge at Ala-Too on 1 March 2024, 10:00 to 11:30 in Bishkek: 12.345 kWh at 12.50 som, finished. */
  finished: number;
  /** Toktogulova Aigerim's charge at Dordoi on 2 March 2024, 18:00 to 19:00 in Bishkek, stopped by the back office. */
  stopped: number;
  /** Asanov Bakyt's charge at Dordoi, started from his app 20 minutes before the seed, still charging. */
  running: number;
  /** A tag nobody holds at Ala-Too on 3 March 2024, 12:00 in Bishkek: unauthorized. */
  refused: number;
}

/**
 * Runs `fill` on the migrated embedded database of the data folder, closing it after. The spec's
 * administrator is made first, as the server's first start would: the builders record a manager of
 * their own, and a server finding one would make no first manager.
 */
export async function withDatabase<T>(dataDir: string, fill: (database: Database) => Promise<T>): Promise<T> {
  const database = await openPglite(path.join(dataDir, 'pg'));
  try {
    await database.migrate();
    await ensureFirstManager(database.db, { email: ADMIN.email, password: ADMIN.password });
    return await fill(database);
  } finally {
    await database.close();
  }
}

/** A driver who can charge: Асанов Бакыт holding `idTag`, with 5,000 som on the balance. */
export async function seedPayingDriver(dataDir: string, idTag: string): Promise<{ driverId: number; name: string }> {
  return withDatabase(dataDir, async (database) => {
    const driver = await aDriver(database, {
      surname: 'Асанов',
      firstName: 'Бакыт',
      phone: '996555123456',
      balanceTyiyn: 500_000,
      idTags: [idTag],
    });
    return { driverId: driver.id, name: 'Асанов Бакыт' };
  });
}

export async function seedCharges(dataDir: string): Promise<ChargesSeed> {
  return withDatabase(dataDir, async (database) => {
    const alaToo = await aChargePoint(database, { name: 'Ала-Тоо', customFeeTyiyn: 1250 });
    const dordoi = await aChargePoint(database, { name: 'Дордой', typo: 'ccs2' });
    const bakyt = await aDriver(database, {
      surname: 'Асанов',
      firstName: 'Бакыт',
      phone: '996555123456',
      balanceTyiyn: 500_000,
    });
    const aigerim = await aDriver(database, {
      surname: 'Токтогулова',
      firstName: 'Айгерим',
      phone: '996700112233',
      balanceTyiyn: 500_000,
    });
    const finished = await aCharge(database, {
      station: alaToo,
      driverId: bakyt.id,
      startedAt: new Date('2024-03-01T04:00:00Z'),
      finishedAt: new Date('2024-03-01T05:30:00Z'),
      meterStartWh: 100_000,
      consumedWh: 12_345,
      reason: 'EVDisconnected',
    });
    const stopped = await aCharge(database, {
      station: dordoi,
      driverId: aigerim.id,
      startedAt: new Date('2024-03-02T12:00:00Z'),
      consumedWh: 8_000,
      stop: 'stopped',
    });
    const running = await aCharge(database, {
      station: dordoi,
      driverId: bakyt.id,
      startedAt: new Date(Date.now() - 20 * 60_000),
      stop: false,
    });
    // A remote start for the app is what marks a charge so; the builder starts by a card.
    await database.db.execute(sql`update charges set source = 'app' where id = ${running.id}`);
    const refused = await openCharge(database.db, {
      stationId: alaToo.id,
      ocppConnectorId: 1,
      idTag: 'STRANGER',
      meterStartWh: 0,
      startedAt: new Date('2024-03-03T06:00:00Z'),
    });
    return {
      driverId: bakyt.id,
      finished: finished.id,
      stopped: stopped.id,
      running: running.id,
      refused: refused.chargeId,
    };
  });
}
