import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUnavailable, violatedConstraint } from '../lib/db-errors.ts';
import { openPglite, queryRows, threadedPglite, type Database } from './client.ts';
import { PgliteThread } from './pglite-threaded.ts';
import { serverSecrets } from './schema/server-secrets.ts';

/*
 * The server's PGlite on its own thread (db/pglite-threaded.ts) answers as PGlite in the process
 * does: the same rows and values, transactions that hold every other statement back, PostgreSQL's
 * errors with their fields. A thread that ends fails what was under way as a lost connection and
 * opens again. The test run's migrated dump (test/global-setup.ts) stands in for the build's template.
 */

const templateFile = inject('pgliteTemplate');

describe.skipIf(!templateFile)('PGlite on a thread of its own', () => {
  let folder: string;
  let thread: PgliteThread;
  let database: Database;
  let inProcess: Database;
  const lost: string[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'evcms-threaded-'));
    thread = new PgliteThread(path.join(folder, 'pg'), { templateFile, restartMs: 0 });
    thread.onLost((pool, error) => lost.push(`${pool}: ${error.message}`));
    void thread.start().catch(() => {});
    database = threadedPglite(thread);
    await database.migrate();
    inProcess = await openPglite(undefined, new Blob([await readFile(templateFile)]));
  });

  afterAll(async () => {
    await database?.close();
    await inProcess?.close();
    await rm(folder, { recursive: true, force: true });
  });

  const secret = (name: string) => sql`insert into server_secrets (name, value, digest) values (${name}, 'v', 'd')`;
  const secretNames = async (db: Database['db']) =>
    (await queryRows<{ name: string }>(db, sql`select name from server_secrets order by name`)).map((row) => row.name);

  it('answers with the values PGlite in the process gives: text times and numerics, int8, json, bytea, nulls', async () => {
    const query = sql`select timestamptz '2026-11-29 10:00:00+06' as at, interval '90 minutes' as lasted,
      date '2026-11-29' as day, 9007199254740993::int8 as big, 12.50::numeric(10, 2) as money,
      array[1.5, 2]::numeric[] as amounts, '{"a": [1, "x"]}'::jsonb as doc, '\\x0102ff'::bytea as bytes,
      null::text as nothing, true as yes, ${"it's"}::text as param, ${42}::int as number`;
    const threaded = await queryRows(database.db, query);
    expect(threaded).toEqual(await queryRows(inProcess.db, query));
    expect(threaded[0]).toMatchObject({ at: '2026-11-29 04:00:00+00', money: '12.50', param: "it's" });
  });

  it("maps Drizzle's typed rows as in the process", async () => {
    const row = { name: 'typed', value: null, digest: 'd', createdAt: new Date('2026-11-29T10:00:00.123Z') };
    const [threaded] = await database.db.insert(serverSecrets).values(row).returning();
    const [local] = await inProcess.db.insert(serverSecrets).values(row).returning();
    expect(threaded).toEqual(local);
    expect(await database.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'typed'))).toEqual([threaded]);
    await database.db.delete(serverSecrets).where(eq(serverSecrets.name, 'typed'));
  });

  it('commits a transaction, and rolls one back, savepoints included, when its work throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(secret('kept'));
      await tx
        .transaction(async (inner) => {
          await inner.execute(secret('savepoint-undone'));
          throw new Error('undo the savepoint');
        })
        .catch(() => {});
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(secret('undone'));
        throw new Error('undo it all');
      }),
    ).rejects.toThrow('undo it all');
    expect(await secretNames(database.db)).toEqual(['kept']);
  });

  it('holds every other statement back until a transaction ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(secret('held'));
      await held;
    });
    const outside = secretNames(database.db);
    const first = await Promise.race([outside.then(() => 'outside'), new Promise((r) => setTimeout(r, 200, 'held'))]);
    expect(first).toBe('held');
    release();
    await transaction;
    expect(await outside).toContain('held');
  });

  it("gives PostgreSQL's error with its code and constraint", async () => {
    const error = await database.db.execute(secret('kept')).catch((caught: unknown) => caught);
    expect(violatedConstraint(error)).toEqual({ code: '23505', constraint: 'server_secrets_pkey' });
  });

  it('takes 100 statements at once, each answered', async () => {
    const names = Array.from({ length: 100 }, (_, i) => `parallel-${String(i).padStart(3, '0')}`);
    await Promise.all(names.map((name) => database.db.execute(secret(name))));
    expect((await secretNames(database.db)).filter((name) => name.startsWith('parallel-'))).toEqual(names);
  });

  it('dumps the cluster and copies its folder', async () => {
    const dump = await database.dumpDataDir!();
    expect(dump.size).toBeGreaterThan(1_000_000);
    const copy = path.join(folder, 'copy');
    await database.copyDataDir!(copy);
    expect(existsSync(path.join(copy, 'PG_VERSION'))).toBe(true);
  });

  it('fails what was under way when the thread ends, says so, and opens again at the next statement', async () => {
    const underWay = database.db.transaction(async (tx) => {
      await tx.execute(secret('lost-with-the-thread'));
      await thread.end();
    });
    expect(databaseUnavailable(await underWay.catch((caught: unknown) => caught))).toBe(true);
    expect(lost).toEqual(['pglite: exit code 1']);
    expect(await secretNames(database.db)).not.toContain('lost-with-the-thread');
    expect(await secretNames(database.db)).toContain('kept');
  });

  it('refuses statements once closed', async () => {
    const other = new PgliteThread(path.join(folder, 'other'), { templateFile });
    const closing = threadedPglite(other);
    await other.start();
    await closing.close();
    const error = await closing.db.execute(sql`select 1`).catch((caught: unknown) => caught);
    expect(databaseUnavailable(error)).toBe(true);
  });
});

describe('PGlite on a thread, in a folder it cannot open', () => {
  it("fails each statement with PGlite's own error", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'evcms-threaded-'));
    const file = path.join(folder, 'not-a-folder');
    await writeFile(file, 'x');
    const thread = new PgliteThread(file);
    const database = threadedPglite(thread);
    await expect(thread.start()).rejects.toThrow();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });
});
