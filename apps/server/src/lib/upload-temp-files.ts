import { open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILE_TYPE_HEAD_BYTES } from './file-type.ts';
import { randomToken } from './secrets.ts';

/*
 * Large uploads go to disk as they arrive, into DATA_DIR/uploads/.incoming (the same file system
 * as the store, so keeping one is a rename; the dot keeps the media route from serving it). Each
 * request's temporary files are removed once its response is over, however it ended: answered,
 * refused by validation, failed in the handler, or cut off by the client. What the route kept has
 * been renamed away by then, so only litter is removed.
 */

export const INCOMING_FOLDER = '.incoming';

export class RequestTempFiles {
  private readonly paths = new Set<string>();
  private over = false;

  constructor(private readonly dir: string) {}

  /** A new file's path, registered before anything is written to it. */
  create(): string {
    // The response is already over (the client went away): nothing would remove a later file.
    if (this.over) throw new Error('the request is over');
    const file = path.join(this.dir, randomToken(16));
    this.paths.add(file);
    return file;
  }

  async remove(file: string): Promise<void> {
    this.paths.delete(file);
    await rm(file, { force: true });
  }

  async removeAll(): Promise<void> {
    this.over = true;
    const files = [...this.paths];
    this.paths.clear();
    await Promise.all(files.map((file) => rm(file, { force: true })));
  }
}

const byRequest = new WeakMap<FastifyRequest, RequestTempFiles>();

/** The request's temporary files, removed when its response closes. */
export function tempFilesOf(request: FastifyRequest, reply: FastifyReply, dir: string): RequestTempFiles {
  let temps = byRequest.get(request);
  if (!temps) {
    const created = new RequestTempFiles(dir);
    const over = () => {
      created
        .removeAll()
        .catch((error: unknown) => request.log.warn({ err: error }, 'could not remove temporary upload files'));
    };
    // 'close' follows the sent answer, and also a connection dropped before one: it covers every
    // ending. A connection already gone has closed before anyone listened.
    if (reply.raw.closed) over();
    else reply.raw.once('close', over);
    byRequest.set(request, created);
    temps = created;
  }
  return temps;
}

/**
 * Writes `source` to `file`, stopping one byte past `maxBytes` and reading the rest without
 * keeping it, so the file holds what `size` says and a route can report the file as too large.
 */
export async function writeLimited(
  source: AsyncIterable<Buffer>,
  file: string,
  maxBytes: number,
): Promise<{ size: number; head: Buffer }> {
  const handle = await open(file, 'wx');
  let size = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  try {
    for await (const chunk of source) {
      if (headBytes < FILE_TYPE_HEAD_BYTES) {
        head.push(chunk.subarray(0, FILE_TYPE_HEAD_BYTES - headBytes));
        headBytes += head.at(-1)!.length;
      }
      const take = Math.max(0, Math.min(chunk.length, maxBytes + 1 - size));
      // A write can take less than it was given; awaiting each one is the back-pressure.
      for (let offset = 0; offset < take;) offset += (await handle.write(chunk, offset, take - offset)).bytesWritten;
      size += take;
    }
  } finally {
    await handle.close();
  }
  return { size, head: Buffer.concat(head) };
}

/** Removes what a crashed run left in the incoming folder; a file still being written is recent. */
export async function removeStaleIncoming(dir: string, olderThanMs = 60 * 60 * 1000): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const before = Date.now() - olderThanMs;
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < before) await rm(file, { recursive: true, force: true });
    }),
  );
}
