import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, queryRows } from '../db/client.ts';
import { databaseDumper, restoreBackup, writeBackup } from './backup-archive.ts';

/*
 * The archive alone, without a server: an archive whose database is a copy of its folder (as
 * `npm run backup` writes it now) and one whose database is PGlite's own dump (as the first
 * backups were written) both restore, streamed to disk, to the same rows and media.
 */
let work: string;
let source: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'evcms-backup-archive-'));
  source = path.join(work, 'source');
  await mkdir(path.join(source, 'uploads', 'stations'), { recursive: true });
  await writeFile(path.join(source, 'uploads', 'stations', 'a.webp'), 'image bytes');
  const database = await openPglite(path.join(source, 'pg'));
  await database.db.execute(sql`create table kept (n int primary key, label text)`);
  await database.db.execute(sql`insert into kept select n, 'row ' || n from generate_series(1, 1000) as n`);
  await database.close();
}, 120_000);

afterAll(() => rm(work, { recursive: true, force: true }));

/** Restores `archive` into a new folder `name` and finds the rows and the media of the source. */
async function expectRestored(archive: string, name: string) {
  const restored = path.join(work, name);
  await restoreBackup(archive, restored);
  const copy = await openPglite(path.join(restored, 'pg'));
  try {
    const [row] = await queryRows<{ rows: number; last: string }>(
      copy.db,
      sql`select count(*)::int as rows, max(label) filter (where n = 1000) as last from kept`,
    );
    expect(row).toEqual({ rows: 1000, last: 'row 1000' });
  } finally {
    await copy.close();
  }
  expect(await readFile(path.join(restored, 'uploads', 'stations', 'a.webp'), 'utf8')).toBe('image bytes');
}

describe('a backup archive', () => {
  it('restores a copy of the database folder', { timeout: 120_000 }, async () => {
    const database = await openPglite(path.join(source, 'pg'));
    const dumper = databaseDumper(database, path.join(source, 'control', 'backup-copy'));
    const archive = path.join(work, 'copied.tar.gz');
    try {
      await writeBackup(source, () => dumper.dump(), createWriteStream(archive));
      expect(dumper.heldMs()).toBeGreaterThanOrEqual(0);
    } finally {
      await dumper.clean();
      await database.close();
    }
    await expectRestored(archive, 'copied');
  });

  it("restores PGlite's own dump, as the first backups hold it", { timeout: 120_000 }, async () => {
    const database = await openPglite(path.join(source, 'pg'));
    const archive = path.join(work, 'dumped.tar.gz');
    try {
      await writeBackup(source, () => database.dumpDataDir!(), createWriteStream(archive));
    } finally {
      await database.close();
    }
    await expectRestored(archive, 'dumped');
  });
});
