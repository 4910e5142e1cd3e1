import { parentPort, workerData } from 'node:worker_threads';
import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import { startupMark } from '../lib/startup-trace.ts';
import { openPgliteClient, type OpenedPglite } from './pglite-open.ts';

/*
 * The server's embedded database on a thread of its own (db/pglite-threaded.ts starts it): PGlite
 * opens here while the main thread loads and builds the app, and each statement runs here while
 * the main thread goes on with its sockets. Requests and replies are plain messages.
 */

export type ThreadRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      rawTypes: number[];
      tx?: number;
    }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump'; compression: 'none' | 'gzip' }
  | { id: number; op: 'copy'; into: string }
  | { id: number; op: 'close' };

/** Id 0 answers the opening. */
export type ThreadReply = { id: number; value?: unknown; error?: ThreadError };

/** An error as a message: PostgreSQL's fields (`code`, `constraint`, `detail`...) kept as they were. */
export interface ThreadError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean | null>;
}

export interface ThreadData {
  dataDir: string;
  /** A new folder's cluster (db/pglite-template.ts); the build's own when not given. */
  templateFile?: string;
  /** The process's start, for STARTUP_TRACE's marks (lib/startup-trace.ts). */
  startupOrigin: number;
}

function described(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: ThreadError['fields'] = {};
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** Drizzle keeps dates, times and numerics as PostgreSQL's text; the main thread names those types. */
const textParsers = new Map<string, QueryOptions['parsers']>();
function keepingText(rawTypes: number[]): QueryOptions['parsers'] {
  const key = rawTypes.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawTypes.map((type) => [type, (value: string) => value]));
    textParsers.set(key, parsers);
  }
  return parsers;
}

const port = parentPort!;
const reply = (message: ThreadReply, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
const open = new Map<number, { tx: Transaction; end(id: number, commit: boolean): void }>();
let nextTx = 0;

function begin(opened: OpenedPglite, id: number) {
  const txId = (nextTx += 1);
  let endId: number | undefined;
  opened.client
    .transaction(async (tx) => {
      const commit = await new Promise<boolean>((resolve) => {
        open.set(txId, {
          tx,
          end: (id, commit) => {
            endId = id;
            resolve(commit);
          },
        });
        reply({ id, value: txId });
      });
      open.delete(txId);
      if (!commit) await tx.rollback();
    })
    .then(
      () => reply({ id: endId!, value: null }),
      (error: unknown) => {
        open.delete(txId);
        reply({ id: endId ?? id, error: described(error) });
      },
    );
}

async function handle(opened: OpenedPglite, request: ThreadRequest): Promise<void> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? opened.client : open.get(request.tx)?.tx;
      if (!target) throw new Error('the transaction has ended');
      const { rows, fields, affectedRows } = await target.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: keepingText(request.rawTypes),
      });
      return reply({ id: request.id, value: { rows, fields, affectedRows } });
    }
    case 'begin':
      return begin(opened, request.id);
    case 'end': {
      const transaction = open.get(request.tx);
      if (!transaction) throw new Error('the transaction has ended');
      return transaction.end(request.id, request.commit);
    }
    case 'dump': {
      const buffer = await (await opened.dumpDataDir(request.compression)).arrayBuffer();
      return reply({ id: request.id, value: buffer }, [buffer]);
    }
    case 'copy':
      await opened.copyDataDir!(request.into);
      return reply({ id: request.id, value: null });
    case 'close':
      await opened.client.close();
      reply({ id: request.id, value: null });
      return port.close();
  }
}

// Requests are heard from the start, and each waits for the opening: what the main thread asks
// while PGlite opens (the migrations' check) runs the moment it is open, in the order asked.
startupMark('database thread running');
const { dataDir, templateFile } = workerData as ThreadData;
const opening = openPgliteClient(dataDir, undefined, templateFile);
port.on('message', (request: ThreadRequest) =>
  opening.then(
    (opened) => handle(opened, request).catch((error: unknown) => reply({ id: request.id, error: described(error) })),
    // A database that never opened has nothing to close.
    (error: unknown) =>
      reply({ id: request.id, ...(request.op === 'close' ? { value: null } : { error: described(error) }) }),
  ),
);
opening.then(
  () => {
    startupMark('database open (pglite, on its thread)');
    reply({ id: 0, value: null });
  },
  (error: unknown) => {
    reply({ id: 0, error: described(error) });
    // After the requests already here hear why; the main thread opens a new thread when asked again.
    setImmediate(() => port.close());
  },
);
