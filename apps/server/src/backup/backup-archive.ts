import { once } from 'node:events';
import { openAsBlob } from 'node:fs';
import { access, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { create, extract, Header, Pack, ReadEntry } from 'tar';
import type { Database } from '../db/client.ts';
import { unpackCluster } from '../db/pglite-template.ts';
import { INCOMING_FOLDER } from '../lib/upload-temp-files.ts';

/*
 * A backup of an embedded back office, one .tar.gz: the database as a tar of its data folder
 * (`pg.tar`, one moment of it: databaseDumper below), the uploaded media
 * (`uploads/`) and the secret files an earlier version kept in DATA_DIR, with a small manifest.
 * The mail outbox is left out: recovery links in it expire within the hour.
 */

export const MANIFEST = 'evcms-backup.json';
const DATABASE = 'pg.tar';
const FORMAT = 1;
/** What of DATA_DIR besides the database goes into the archive, when present. */
const KEPT = ['uploads', 'jwt-secret', 'station-key'];

interface Manifest {
  format: number;
  database: 'pglite';
  created: string;
  databaseBytes: number;
}

/** An entry of `size` bytes that are no file in DATA_DIR; the caller writes them once it is added. */
const memoryEntry = (name: string, size: number) =>
  new ReadEntry(new Header({ path: name, mode: 0o600, size, mtime: new Date(), type: 'File' }));

/** The dump into its entry as the archive takes it, rather than a second copy of it in memory. */
async function writeBlob(entry: ReadEntry, blob: Blob): Promise<void> {
  for await (const chunk of blob.stream()) if (!entry.write(Buffer.from(chunk))) await once(entry, 'drain');
  entry.end();
}

/** The database's snapshot for an archive, and the removal of what taking it left on disk. */
export interface Dumper {
  dump(): Promise<Blob>;
  clean(): Promise<void>;
  /** How long the last dump held the database (every request and station waiting on it), in ms. */
  heldMs(): number | undefined;
}

/**
 * The database as a tar PGlite's `loadDataDir` reads. With a folder, a copy of it made by the
 * operating system between two transactions (Database.copyDataDir) into `scratch`, packed there
 * after the database has its turn back: PGlite's own dump read every file through WebAssembly into
 * memory and packed it there, holding every request and station for 9-17 s and taking 6.6 GB at
 * 1,000,000 charges (docs/performance.md, "Backups"). In memory, PGlite's dump.
 */
export function databaseDumper(database: Pick<Database, 'dumpDataDir' | 'copyDataDir'>, scratch: string): Dumper {
  const clean = () => rm(scratch, { recursive: true, force: true });
  const { copyDataDir, dumpDataDir } = database;
  let held: number | undefined;
  const holding = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const done = await work();
    held = Math.round(performance.now() - started);
    return done;
  };
  if (!copyDataDir) return { dump: () => holding(() => dumpDataDir!()), clean, heldMs: () => held };
  return {
    async dump() {
      await clean();
      await mkdir(scratch, { recursive: true, mode: 0o700 });
      const [copy, file] = [path.join(scratch, 'pg'), path.join(scratch, DATABASE)];
      await holding(() => copyDataDir(copy));
      // Plain ustar headers, as PGlite's own dump writes them: no pax records its reader would take for files.
      await create({ cwd: copy, file, portable: true, noPax: true }, await readdir(copy));
      return openAsBlob(file, { type: 'application/x-tar' });
    },
    clean,
    heldMs: () => held,
  };
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Writes the archive of `dataDir` to `out`: first the database's snapshot (`dump`), then the
 * media and secret files as they are a moment later (a file uploaded or deleted in that moment may
 * be extra or missing). Answers the database's size in bytes.
 */
export async function writeBackup(dataDir: string, dump: () => Promise<Blob>, out: Writable): Promise<number> {
  const database = await dump();
  const manifest: Manifest = {
    format: FORMAT,
    database: 'pglite',
    created: new Date().toISOString(),
    databaseBytes: database.size,
  };
  // Uploads under way are no media yet, and are removed if left.
  const incoming = `uploads/${INCOMING_FOLDER}`;
  const pack = new Pack({ cwd: dataDir, portable: true, filter: (name) => !name.startsWith(incoming) });
  // Node's gzip stream, not tar's own: tar's compresses on the main thread, which held a running
  // server's every request and station for the whole archive (110 s of 118 at 1,000,000 charges).
  const done = pipeline(pack, createGzip(), out);
  try {
    const text = Buffer.from(JSON.stringify(manifest, null, 2));
    const about = memoryEntry(MANIFEST, text.length);
    pack.add(about);
    about.end(text);
    const entry = memoryEntry(DATABASE, database.size);
    pack.add(entry);
    // A failed output ends the pipeline, which the entry would otherwise wait on for ever.
    await Promise.race([writeBlob(entry, database), done]);
    for (const name of KEPT) if (await exists(path.join(dataDir, name))) pack.add(name);
    pack.end();
  } catch (error) {
    // The pipeline's own failure is this one's consequence: handled here, never left unheard to end the server.
    pack.destroy(error as Error);
    await done.catch(() => undefined);
    throw error;
  }
  await done;
  return database.size;
}

/** Thrown for what the operator must change (the folder, the file); the message says what. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/** Nothing in it, or it does not exist yet: restoring never writes over anything. */
export async function assertEmptyFolder(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0)
    throw new RestoreRefused(
      `DATA_DIR ${dataDir} is not empty (${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', ...' : ''}). ` +
        'A restore writes only into an empty or new folder: point DATA_DIR at one, or move this one away first.',
    );
}

/** Unpacks `file` into the empty `dataDir` and has PGlite load the database into `dataDir/pg`. */
export async function restoreBackup(file: string, dataDir: string): Promise<Manifest> {
  if (!(await exists(file))) throw new RestoreRefused(`No such backup file: ${file}`);
  await assertEmptyFolder(dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    await extract({ file, cwd: dataDir, strict: true });
    const manifest = await readManifest(dataDir);
    const dump = path.join(dataDir, DATABASE);
    if ((await stat(dump)).size !== manifest.databaseBytes)
      throw new RestoreRefused(`${file} is incomplete: its database is cut short.`);
    await unpackDatabase(dump, path.join(dataDir, 'pg'));
    // Opened once, as the server will: PostgreSQL replays what the copy's log holds past its last checkpoint.
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pg'), extensions: { pg_trgm } });
    await client.close();
    await rm(dump);
    await rm(path.join(dataDir, MANIFEST));
    return manifest;
  } catch (error) {
    // A half-restored folder would look like a data folder to `npm start`: leave it empty again.
    for (const name of await readdir(dataDir)) await rm(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  }
}

/**
 * The database's tar into its folder, streamed to disk: PGlite's own load read it whole into memory
 * first (6.4 GB at 1,000,000 charges).
 */
async function unpackDatabase(dump: string, folder: string): Promise<void> {
  try {
    await unpackCluster(dump, folder);
  } catch (error) {
    throw new RestoreRefused(`The backup's database does not unpack: ${(error as Error).message}`);
  }
}

async function readManifest(dataDir: string): Promise<Manifest> {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(await readFile(path.join(dataDir, MANIFEST), 'utf8')) as Partial<Manifest>;
  } catch {
    throw new RestoreRefused(`This is not a backup of \`npm run backup\`: it has no ${MANIFEST}.`);
  }
  if (manifest.format !== FORMAT || manifest.database !== 'pglite' || typeof manifest.databaseBytes !== 'number')
    throw new RestoreRefused(`This backup's format (${String(manifest.format)}) is not one this version restores.`);
  return manifest as Manifest;
}
