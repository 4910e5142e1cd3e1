import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite, queryRows, type Db } from '../db/client.ts';
import { demoDeps, fillDemo } from '../demo/demo-fill.ts';
import { prepareLive, startLive, type LivePlan, type LiveRun } from '../demo/demo-live.ts';
import { ensureFirstManager } from '../modules/accounts/accounts.service.ts';
import { runBackupScript } from '../test/backup-scripts.ts';
import { connectChargePoint } from '../test/charge-points.ts';
import { freePort, startServerProcess, type ServerProcess } from '../test/server-process.ts';

/*
 * `npm run backup` against a running server on the embedded database while its stations charge
 * (simulated charge points sending MeterValues), then `npm run restore` into an empty folder: the
 * copy is one moment of the original (every table, each driver's ledger adding up to the balance,
 * the ledger a beginning of the original's), the media byte for byte, and a server started on it
 * lets the same manager and the same station in.
 */

const ADMIN = { email: 'backup@example.com', password: 'backup-manager-password' };
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
/** Tables the stations' charging after the snapshot may add rows to; every other one must be equal. */
const GROWING = new Set([
  'charges',
  // The charges' counts by status, day and minute of finishing: a row a new minute (or status, or day).
  'charge_status_counts',
  'charge_day_counts',
  'charge_finish_minute_counts',
  'balance_entries',
  'connector_status_history',
  'ocpp_message_batches',
]);
/** The analytics read model, added to as each charge settles (its tables change with the module). */
const grows = (table: string) => GROWING.has(table) || table.startsWith('analytics_');
/** The running server's beat (ocpp/liveness.ts): in the snapshot, gone from the original at its stop. */
const PROCESS_ROWS = 'ocpp_processes';

let source: string;
let restored: string;
let archive: string;
let plan: LivePlan;
const servers: ServerProcess[] = [];
let live: LiveRun | undefined;

async function startServer(dataDir: string): Promise<string> {
  const port = await freePort();
  servers.push(
    await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      WEB_DIST: path.join(dataDir, 'no-web'),
      JWT_SECRET: '',
      STATION_KEY_SECRET: '',
    }),
  );
  return `127.0.0.1:${port}`;
}

async function files(folder: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found[path.relative(folder, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return found;
}

async function counts(db: Db): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select schemaname || '.' || tablename as name from pg_tables
         where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const result: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${name}`));
    result[name.replace(/^public\./, '')] = row!.n;
  }
  return result;
}

const ledgerRows = (db: Db) =>
  queryRows<{ id: number; driver_id: number; credit: string; debit: string; after: string }>(
    db,
    sql`select id, driver_id, credit_tyiyn::text as credit, debit_tyiyn::text as debit,
               balance_after_tyiyn::text as after from balance_entries order by id`,
  );

const balances = async (db: Db) =>
  new Map(
    (
      await queryRows<{ id: number; balance: string; ledger: string | null }>(
        db,
        sql`select d.id, d.balance_tyiyn::text as balance,
                   (select sum(e.credit_tyiyn - e.debit_tyiyn) from balance_entries e where e.driver_id = d.id)::text as ledger
              from drivers d order by d.id`,
      )
    ).map((row) => [row.id, row]),
  );

beforeAll(async () => {
  source = await mkdtemp(path.join(os.tmpdir(), 'evcms-backup-source-'));
  restored = path.join(await mkdtemp(path.join(os.tmpdir(), 'evcms-backup-restored-')), 'data');
  archive = path.join(path.dirname(restored), 'backup.tar.gz');
  // The demo network, small, made as `npm run demo` makes it, before its server starts.
  const database = await openPglite(path.join(source, 'pg'));
  await database.migrate();
  await ensureFirstManager(database.db, ADMIN);
  const [manager] = await queryRows<{ id: number }>(database.db, sql`select id from managers order by id limit 1`);
  const deps = await demoDeps(database.db, source, { managerId: manager!.id, log });
  await fillDemo(deps, { size: { merchants: 3, stations: 6, drivers: 20, days: 3, chargesPerDay: 12 }, seed: 11 });
  plan = (await prepareLive(deps, 2))!;
  await database.close();
}, 240_000);

afterAll(async () => {
  await live?.stop();
  await Promise.all(servers.map((server) => server.stop()));
  await rm(source, { recursive: true, force: true });
  await rm(path.dirname(restored), { recursive: true, force: true });
});

describe('npm run backup and npm run restore on the embedded database', () => {
  it(
    'backs a charging network up from its running server and restores one moment of it',
    { timeout: 300_000 },
    async () => {
      const host = await startServer(source);
      live = await startLive(`ws://${host}/ocpp`, plan, {
        sessionSeconds: 2,
        meterIntervalSeconds: 0.3,
        finishingSeconds: 0,
      });
      const login = await fetch(`http://${host}/api/v1/accounts/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const { access } = (await login.json()) as { access: string };
      const charging = async () => {
        const response = await fetch(`http://${host}/api/v1/users/transactions/?status=in_progress&size=100`, {
          headers: { authorization: `Bearer ${access}` },
        });
        const { items } = (await response.json()) as { items: { id_tag: string | null }[] };
        return items.filter((charge) => plan.idTags.includes(charge.id_tag ?? '')).length;
      };
      await vi.waitFor(async () => expect(await charging()).toBeGreaterThan(0), { timeout: 30_000, interval: 200 });

      const backup = await runBackupScript('backup-cli.ts', [archive], { DATA_DIR: source });
      expect(backup.output).toContain('from the running server');
      expect(backup.code).toBe(0);
      // The copy of the database's folder the archive was packed from is removed once it is sent.
      await vi.waitFor(async () => expect(await readdir(path.join(source, 'control'))).toEqual(['backup.sock']));
      // The stations go on charging after the snapshot (a charge newer than any when the backup
      // ended, so not in it), then the server stops.
      const newestCharge = async () => {
        const response = await fetch(`http://${host}/api/v1/users/transactions/?size=20`, {
          headers: { authorization: `Bearer ${access}` },
        });
        const { items } = (await response.json()) as { items: { id: number }[] };
        return Math.max(0, ...items.map((charge) => charge.id));
      };
      const newestAtBackup = await newestCharge();
      await vi.waitFor(async () => expect(await newestCharge()).toBeGreaterThan(newestAtBackup), {
        timeout: 60_000,
        interval: 200,
      });
      await live.stop();
      live = undefined;
      await servers.pop()!.stop();

      const restore = await runBackupScript('restore-cli.ts', [archive], { DATA_DIR: restored });
      expect(restore.output).toContain('Restored');
      expect(restore.code).toBe(0);
      const again = await runBackupScript('restore-cli.ts', [archive], { DATA_DIR: restored });
      expect(again.code).toBe(1);
      expect(again.output).toContain('is not empty');

      expect(await files(path.join(restored, 'uploads'))).toEqual(await files(path.join(source, 'uploads')));
      expect(Object.keys(await files(path.join(source, 'uploads'))).length).toBeGreaterThan(0);

      const original = await openPglite(path.join(source, 'pg'));
      const copy = await openPglite(path.join(restored, 'pg'));
      try {
        const [was, is] = await Promise.all([counts(original.db), counts(copy.db)]);
        expect(Object.keys(is)).toEqual(Object.keys(was));
        const changed = Object.keys(was).filter((table) => table !== PROCESS_ROWS && is[table] !== was[table]);
        expect(
          changed
            .filter((table) => !grows(table) || is[table]! > was[table]!)
            .map((table) => `${table}: ${is[table]} restored, ${was[table]} at the end`),
        ).toEqual([]);
        // Charging went on after the snapshot: the copy is of a moment before the end.
        expect(is.charges).toBeLessThan(was.charges!);

        // The copy's ledger is the original's up to the snapshot, and each balance its ledger's sum.
        const [ledgerWas, ledgerIs] = await Promise.all([ledgerRows(original.db), ledgerRows(copy.db)]);
        expect(ledgerIs).toEqual(ledgerWas.slice(0, ledgerIs.length));
        const [balancesWas, balancesIs] = await Promise.all([balances(original.db), balances(copy.db)]);
        expect([...balancesIs.keys()]).toEqual([...balancesWas.keys()]);
        const later = new Map<number, bigint>();
        for (const entry of ledgerWas.slice(ledgerIs.length))
          later.set(entry.driver_id, (later.get(entry.driver_id) ?? 0n) + BigInt(entry.credit) - BigInt(entry.debit));
        for (const [id, driver] of balancesIs) {
          expect(driver.balance, `driver ${id}`).toBe(driver.ledger ?? '0');
          expect(BigInt(driver.balance) + (later.get(id) ?? 0n), `driver ${id}`).toBe(
            BigInt(balancesWas.get(id)!.balance),
          );
        }
        const secrets = sql`select name, value, digest from server_secrets order by name`;
        expect(await queryRows(copy.db, secrets)).toEqual(await queryRows(original.db, secrets));
      } finally {
        await Promise.all([original.close(), copy.close()]);
      }

      // With no server on the folder, the script opens it itself; its archive holds the network as it ended.
      const offlineArchive = path.join(path.dirname(restored), 'offline.tar.gz');
      const offlineCopy = path.join(path.dirname(restored), 'offline');
      const offline = await runBackupScript('backup-cli.ts', [offlineArchive], { DATA_DIR: source });
      expect(offline.output, offline.output).not.toContain('from the running server');
      expect(offline.code, offline.output).toBe(0);
      expect(await readdir(path.join(source, 'control'))).toEqual([]);
      expect((await runBackupScript('restore-cli.ts', [offlineArchive], { DATA_DIR: offlineCopy })).code).toBe(0);
      const [ended, offlineRestored] = [
        await openPglite(path.join(source, 'pg')),
        await openPglite(path.join(offlineCopy, 'pg')),
      ];
      try {
        expect(await counts(offlineRestored.db)).toEqual(await counts(ended.db));
      } finally {
        await Promise.all([ended.close(), offlineRestored.close()]);
      }

      // A server on the copy lets the same manager and the same station in (the secrets came along).
      const copyHost = await startServer(restored);
      const signIn = await fetch(`http://${copyHost}/api/v1/accounts/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(signIn.status).toBe(200);
      const [station] = plan.stations;
      const client = await connectChargePoint(`ws://${copyHost}/ocpp`, station!.identity, {
        password: station!.password,
      });
      await client.close({ force: true });
    },
  );
});
