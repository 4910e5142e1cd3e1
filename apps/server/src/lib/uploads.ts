import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';
import { randomToken } from './secrets.ts';

/** A file part of a multipart body, read into memory within its limit. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  /** Empty when the file was over its limit (then `size` is above the limit too). */
  bytes: Buffer;
  /** Bytes received, counting at most one past the limit. */
  size: number;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).bytes);
}

export interface FileRule {
  maxBytes: number;
}

/** Where uploads are served from; a stored file `surroundings/x.svg` is at `/media/surroundings/x.svg`. */
export const MEDIA_PREFIX = '/media/';

/** The URL of a stored file, for answers. */
export function mediaUrl(stored: string): string {
  return `${MEDIA_PREFIX}${stored}`;
}

/** Files under DATA_DIR/uploads, named at random so a URL cannot be guessed or collide. */
export interface MediaStore {
  /** Writes the content and returns its path below the uploads folder (kept in the database). */
  save(folder: string, extension: string, content: Buffer | string): Promise<string>;
  /** Removes a stored file; a file already gone is not an error. */
  remove(stored: string): Promise<void>;
  /** The stored files of a folder, with when each was last written. */
  list(folder: string): Promise<{ stored: string; modifiedAt: Date }[]>;
}

export function createMediaStore(uploadsDir: string): MediaStore {
  const resolve = (stored: string) => {
    const file = path.resolve(uploadsDir, stored);
    if (!file.startsWith(path.resolve(uploadsDir) + path.sep)) throw new Error(`media path escapes the uploads folder: ${stored}`);
    return file;
  };
  return {
    async save(folder, extension, content) {
      const stored = `${folder}/${randomToken(16)}.${extension}`;
      await mkdir(path.join(uploadsDir, folder), { recursive: true });
      await writeFile(resolve(stored), content, { flag: 'wx' });
      return stored;
    },
    async remove(stored) {
      await rm(resolve(stored), { force: true });
    },
    async list(folder) {
      const names = await readdir(path.join(uploadsDir, folder)).catch(() => [] as string[]);
      const files = await Promise.all(
        names.map(async (name) => {
          const stored = `${folder}/${name}`;
          const info = await stat(resolve(stored));
          return info.isFile() ? [{ stored, modifiedAt: info.mtime }] : [];
        }),
      );
      return files.flat();
    },
  };
}

/**
 * Multipart parsing for the routes that take files, and the public `/media/*` route that serves
 * what they stored. Media is outside /api and needs no token: `<img>` tags cannot send one, and
 * the names are 128-bit random. Every file is served as an inert document (CSP, nosniff).
 */
export async function registerUploads(app: FastifyInstance, dataDir: string): Promise<MediaStore> {
  const uploadsDir = path.join(dataDir, 'uploads');
  await mkdir(uploadsDir, { recursive: true });
  // Oversized files are reported on their field by `multipartBody`, not thrown as a bare 413.
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fieldNameSize: 200, fieldSize: 64 * 1024, fields: 200, parts: 300 } });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  return createMediaStore(uploadsDir);
}

/**
 * A `preValidation` hook that turns a multipart body into `request.body` before the route's schema
 * checks it: text fields as strings (a repeated name as an array), the declared file fields as
 * `UploadedFile`s read up to one byte past their limit, other files dropped. A JSON body passes
 * through, less any file field (files only come as files).
 */
export function multipartBody(files: Record<string, FileRule>) {
  const largest = Math.max(...Object.values(files).map((rule) => rule.maxBytes));
  return async function (request: FastifyRequest) {
    if (!request.isMultipart()) {
      const body: Record<string, unknown> =
        typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? { ...request.body } : {};
      for (const name of Object.keys(files)) delete body[name];
      request.body = body;
      return;
    }
    const body: Record<string, unknown> = {};
    const add = (name: string, value: unknown) => {
      const existing = body[name];
      body[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    };
    try {
      for await (const part of request.parts({ limits: { fileSize: largest + 1, files: Object.keys(files).length * 10 } })) {
        if (part.type === 'field') {
          add(part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
          continue;
        }
        const rule = Object.hasOwn(files, part.fieldname) ? files[part.fieldname] : undefined;
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (rule && size <= rule.maxBytes) chunks.push(chunk);
        }
        // A form whose file input was left empty still sends the part, with no name and no bytes.
        if (!rule || (size === 0 && !part.filename)) continue;
        const within = size <= rule.maxBytes;
        add(part.fieldname, {
          filename: part.filename,
          mimetype: part.mimetype,
          bytes: within ? Buffer.concat(chunks) : Buffer.alloc(0),
          size: within ? size : Math.max(size, rule.maxBytes + 1),
        } satisfies UploadedFile);
      }
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      throw status === 413 ? new AppError(413, 'request_too_large') : badRequest('request_malformed');
    }
    request.body = body;
  };
}
