import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openPglite, queryRows, type Database } from './client.ts';
import { migrationsCurrent } from './migrations.ts';

/*
 * A new data folder starts from the build's template (db/pglite-template.ts); here the test run's
 * own migrated dump (test/global-setup.ts) stands in for the build's.
 */

const templateFile = inject('pgliteTemplate');
let folder: string | undefined;
let opened: Database | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
});

async function open(dataDir: string): Promise<Database> {
  opened = await openPglite(dataDir, undefined, templateFile);
  return opened;
}

describe.skipIf(!templateFile)('a PGlite data folder from the template', () => {
  it('starts migrated, with the ledger of every migration, and keeps its data over a restart', async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'evcms-template-'));
    const dataDir = path.join(folder, 'data', 'pg');
    const first = await open(dataDir);
    expect(await migrationsCurrent(first.db)).toBe(true);
    expect(existsSync(`${dataDir}.loading-template`)).toBe(false);
    await first.migrate();
    await first.db.execute(sql`insert into server_secrets (name, value, digest) values ('jwt-secret', 'kept', 'x')`);
    await first.close();

    // A folder with a cluster is opened as it is, never loaded over.
    const again = await open(dataDir);
    const rows = await queryRows<{ value: string }>(again.db, sql`select value from server_secrets`);
    expect(rows).toEqual([{ value: 'kept' }]);
  });

  it('loads the template again over a load cut short', async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'evcms-template-'));
    const dataDir = path.join(folder, 'pg');
    // What a kill during the load leaves: some of the files, and the marker beside the folder.
    await mkdir(path.join(dataDir, 'base'), { recursive: true });
    await writeFile(path.join(dataDir, 'PG_VERSION'), '17\n');
    await writeFile(path.join(dataDir, 'base', 'half-written'), 'x');
    await writeFile(`${dataDir}.loading-template`, '');

    const database = await open(dataDir);
    expect(await migrationsCurrent(database.db)).toBe(true);
    expect(existsSync(`${dataDir}.loading-template`)).toBe(false);
    expect(await readdir(path.join(dataDir, 'base'))).not.toContain('half-written');
  });
});
