import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { serverFolder } from '../lib/server-folder.ts';
import type { ConnectionLost } from './client.ts';
import type { ThreadData, ThreadError, ThreadReply, ThreadRequest } from './pglite-thread.ts';

/*
 * The main thread's side of the database thread (db/pglite-thread.ts): what Drizzle's PGlite driver
 * calls (`query`, `transaction`), as messages. Issue 34: opened there, PGlite's start (0.3-0.4 s
 * of work) runs beside the loading of the app instead of before its building.
 *
 * A thread that ends unasked (PGlite aborting) fails the statements under way as a lost
 * connection (SQLSTATE 08006) and, as a pool would, the next statement opens the database again;
 * not more often than every RESTART_MS, so a folder that cannot open is not opened at every request.
 */

/** Set by scripts/bundle-server.mjs: the thread's file in the bundle, from apps/server. */
declare const PGLITE_THREAD_FILE: string | undefined;
const RESTART_MS = 5_000;

function threadFile(): URL {
  if (typeof PGLITE_THREAD_FILE === 'string') return pathToFileURL(path.join(serverFolder, PGLITE_THREAD_FILE));
  return new URL(import.meta.url.endsWith('.ts') ? './pglite-thread.ts' : './pglite-thread.js', import.meta.url);
}

type Request = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

function rebuilt(error: ThreadError): Error {
  const rebuiltError = Object.assign(new Error(error.message), error.fields);
  rebuiltError.name = error.name;
  if (error.stack) rebuiltError.stack = error.stack;
  return rebuiltError;
}

function lostConnection(message: string): Error {
  return Object.assign(new Error(message), { code: '08006' });
}

/** The query types Drizzle reads as text (its parsers hand the text on); any other parser cannot cross threads. */
function rawTypes(parsers: QueryOptions['parsers']): number[] {
  return Object.entries(parsers ?? {}).map(([type, parse]) => {
    if (parse('\u0001', Number(type)) !== '\u0001')
      throw new Error('the database thread keeps only parsers that return the text');
    return Number(type);
  });
}

function queryRequest(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Request {
  return { op: 'query', sql, params, rowMode: options.rowMode ?? 'object', rawTypes: rawTypes(options.parsers), tx };
}

export class PgliteThread {
  private worker: Worker | undefined;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private startedAt = 0;
  private closing = false;

  private lost = new Set<ConnectionLost>();

  constructor(
    private readonly dataDir: string,
    private readonly options: { templateFile?: string; restartMs?: number } = {},
  ) {}

  /** `listener` hears of each end of the thread nobody asked for; the function returned stops it. */
  onLost(listener: ConnectionLost): () => void {
    this.lost.add(listener);
    return () => this.lost.delete(listener);
  }

  /** Starts the thread and waits for PGlite to open there. */
  start(): Promise<void> {
    this.startedAt = Date.now();
    const file = threadFile();
    const workerData: ThreadData = {
      dataDir: this.dataDir,
      templateFile: this.options.templateFile,
      startupOrigin: performance.timeOrigin,
    };
    // From the sources (tsx, tests) the thread is TypeScript too; tsx's hooks are the main thread's
    // only, so the thread loads its file through tsx's own import.
    const worker = file.pathname.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(import.meta.url)}))`,
          { eval: true, workerData },
        )
      : new Worker(file, { workerData });
    this.worker = worker;
    const opened = new Promise<void>((resolve, reject) => this.pending.set(0, { resolve: () => resolve(), reject }));
    worker.on('message', (reply: ThreadReply) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error) pending?.reject(rebuilt(reply.error));
      else pending?.resolve(reply.value);
    });
    const ended = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const failed = [...this.pending.values()];
      this.pending.clear();
      for (const pending of failed) pending.reject(lostConnection(`the database thread ended: ${error.message}`));
      if (!this.closing) for (const listener of this.lost) listener('pglite', error);
    };
    worker.on('error', ended);
    worker.on('exit', (code) => ended(new Error(`exit code ${code}`)));
    return opened;
  }

  /** Posted at once, even while the thread opens PGlite: it runs what it was asked once open. */
  async call<T>(request: Request, transfer?: ArrayBuffer[]): Promise<T> {
    if (this.closing) throw lostConnection('the database is closed');
    if (!this.worker) {
      if (Date.now() - this.startedAt < (this.options.restartMs ?? RESTART_MS))
        throw lostConnection('the database thread ended; it opens again soon');
      this.start().catch(() => {}); // its failure is each request's
    }
    const worker = this.worker!;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id }, transfer);
    });
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.call(queryRequest(sql, params, options));
  }

  /** PGlite's `transaction`: the statements of `fn`'s `tx` run inside it, every other one waits for its end. */
  async transaction<T>(fn: (tx: Pick<PGlite, 'query'>) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    // A transaction is its thread's: after a new thread, its statements fail as on a lost connection.
    const worker = this.worker;
    const inIt = <R>(request: Request) =>
      this.worker === worker ? this.call<R>(request) : Promise.reject(lostConnection('the database thread ended'));
    let result: T;
    try {
      result = await fn({ query: (sql, params, options) => inIt(queryRequest(sql, params, options, tx)) as never });
    } catch (error) {
      await inIt({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await inIt({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.closing) return;
    const worker = this.worker;
    // Asked before `closing` is set (call refuses after it); the thread's exit is then no loss.
    const closed = worker && this.call({ op: 'close' });
    this.closing = true;
    try {
      await closed;
    } catch (error) {
      // A thread that ended meanwhile has closed already (PGlite's files as a crash leaves them).
      if ((error as { code?: unknown }).code !== '08006') throw error;
    } finally {
      await worker?.terminate();
    }
  }

  /** What PGlite aborting does to the thread, for the tests of it. */
  async end(): Promise<void> {
    await this.worker?.terminate();
  }
}
