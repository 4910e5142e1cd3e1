import { createWriteStream } from 'node:fs';
import { chmod, mkdir, rm } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { writeBackup, type Dumper } from './backup-archive.ts';

/*
 * How `npm run backup` reaches a running server on the embedded database, which alone may open
 * PGlite's folder: a Unix socket in DATA_DIR (`control/backup.sock`, in a folder only the server's
 * user may enter), answering POST /backup with the archive. Not a route of the API: nobody on the
 * network reaches it, and whoever may open it may read DATA_DIR's files anyway.
 */

/** The control socket of the server whose data folder is `dataDir`. */
export const backupSocket = (dataDir: string) => path.join(dataDir, 'control', 'backup.sock');

/** A Unix socket's path must fit in sockaddr_un (108 bytes on Linux, with its NUL). */
const SOCKET_PATH_MAX = 107;

export interface BackupListener {
  close(): Promise<void>;
}

/** Listens on DATA_DIR's control socket while the server runs; a socket a crashed server left is replaced. */
export async function listenForBackups(
  dataDir: string,
  dumper: Dumper,
  log: FastifyBaseLogger,
): Promise<BackupListener | undefined> {
  const socket = backupSocket(dataDir);
  if (Buffer.byteLength(socket) > SOCKET_PATH_MAX) {
    log.warn(
      { socket },
      'DATA_DIR is too long a path for the backup socket: `npm run backup` cannot reach this server',
    );
    return undefined;
  }
  await mkdir(path.dirname(socket), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(socket), 0o700);
  // This process holds the database, so no other server of this folder is alive to own the socket.
  await rm(socket, { force: true });
  let running = false;
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    // One at a time: each takes a copy of the database.
    if (running) {
      res.writeHead(409, { 'content-type': 'text/plain' }).end('A backup is already under way.');
      return;
    }
    running = true;
    const started = performance.now();
    res.writeHead(200, { 'content-type': 'application/gzip' });
    // The dump holds every request and station of this process: logged apart from the whole.
    let dumpMs = 0;
    const timedDump = async () => {
      const blob = await dumper.dump();
      dumpMs = Math.round(performance.now() - started);
      return blob;
    };
    writeBackup(dataDir, timedDump, res)
      .then((bytes) =>
        log.info(
          { databaseBytes: bytes, dumpMs, heldMs: dumper.heldMs(), ms: Math.round(performance.now() - started) },
          'backup written',
        ),
      )
      .catch((error: unknown) => {
        log.error({ err: error }, 'backup failed');
        res.destroy(error as Error);
      })
      .finally(() =>
        dumper
          .clean()
          .catch((error: unknown) => log.warn({ err: error }, 'backup: its copy of the database was not removed'))
          .finally(() => (running = false)),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, resolve);
  });
  return {
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(socket, { force: true });
    },
  };
}

/** Why a backup could not come from a running server: none listens (take it from the folder) or it failed. */
export class NoServer extends Error {}

/**
 * Asks the server of `dataDir` for a backup into `file`. Throws NoServer when no server listens
 * on the socket (none, or one that crashed and left it).
 */
export async function backupFromServer(dataDir: string, file: string): Promise<void> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request({ socketPath: backupSocket(dataDir), method: 'POST', path: '/backup' }, resolve);
    req.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? new NoServer(error.message) : error),
    );
    req.end();
  });
  if (response.statusCode !== 200) {
    let text = '';
    for await (const chunk of response) text += String(chunk);
    throw new Error(`The server refused the backup (${response.statusCode}): ${text}`);
  }
  await pipeline(response, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
}
