import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { templateCopy } from './pglite-template.ts';

/*
 * Opening PGlite and what only the thread that holds it can do (its dump, a copy of its folder),
 * shared by the in-process database (db/client.ts: tests, tools) and the server's database thread
 * (db/pglite-thread.ts).
 */

const SHARED_BUFFERS = '64MB';

/** PGlite and what only its thread can do: Database's `dumpDataDir` and `copyDataDir` (db/client.ts). */
export interface OpenedPglite {
  client: PGlite;
  dumpDataDir(compression?: 'none' | 'gzip'): Promise<Blob>;
  /** In a folder only. */
  copyDataDir?: (into: string) => Promise<void>;
}

/**
 * PGlite in `dataDir`, or in memory. A `template` (a dump) is loaded into the memory; a data folder
 * with no cluster yet starts from `templateFile`, the build's migrated cluster, when there is one
 * (db/pglite-template.ts).
 */
export async function openPgliteClient(
  dataDir: string | undefined,
  template?: Blob,
  templateFile?: string,
): Promise<OpenedPglite> {
  const copy = dataDir && !template ? await templateCopy(dataDir, templateFile) : undefined;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // pg_trgm backs the "contains" searches of lists with trigram indexes (migration 0003).
  const client = await PGlite.create({
    ...(dataDir && { dataDir }),
    ...(template && { loadDataDir: template }),
    extensions: { pg_trgm },
    // PostgreSQL's shared memory is zeroed at every open, page by page, slow on a virtual machine;
    // half PGlite's default still holds bench:charges' lists as fast (docs/performance.md, issue 34).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
  await copy?.loaded();
  return {
    client,
    // PGlite's own dump waits only for the statement under way; a transaction's statements come one
    // by one, so waiting for the transaction too keeps a half-done one out of the copy.
    dumpDataDir: (compression = 'none') => client._runExclusiveTransaction(() => client.dumpDataDir(compression)),
    // Between statements too (PGlite's dump takes the statements' turn the same way): nothing writes meanwhile.
    ...(dataDir && {
      copyDataDir: (into: string) =>
        client._runExclusiveTransaction(() =>
          client._runExclusiveQuery(async () => {
            const needed = await walNeeded(client);
            const wal = path.join(dataDir, 'pg_wal');
            await cp(dataDir, into, {
              recursive: true,
              errorOnExist: true,
              force: false,
              filter: (file) => path.dirname(file) !== wal || needed(path.basename(file)),
            });
          }),
        ),
    }),
  };
}

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * After a checkpoint (every change then in the folder's files), which of `pg_wal`'s files a copy of
 * the folder needs: its segments from the checkpoint's on, up to the one written next, and what is
 * no segment. The rest are earlier segments and ones made ready for reuse, about half of the folder
 * at 1,000,000 charges (docs/performance.md, "Backups"). Asked through the protocol, which takes no
 * lock: the caller holds PGlite's, so no statement writes between this and the copy.
 */
async function walNeeded(client: PGlite): Promise<(name: string) => boolean> {
  const { messages } = await client.execProtocol(
    protocol.serialize.query(`checkpoint; select redo_wal_file, pg_walfile_name(pg_current_wal_insert_lsn() + 1)
      from pg_control_checkpoint()`),
  );
  const row = messages.find((message) => message.name === 'dataRow') as { fields: (string | null)[] } | undefined;
  const [first, last] = row?.fields ?? [];
  if (!first || !last) throw new Error('PGlite did not say where its write-ahead log is');
  return (name) => !WAL_SEGMENT.test(name) || (name >= first && name <= last);
}
