import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart, { type MultipartFile } from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MessageKey } from '@evcms/contracts/messages';
import { AppError, badRequest } from './errors.ts';
import { detectFileType, extensionOf, type DetectedFileType } from './file-type.ts';
import { createFieldCollector, parseFieldName, type FieldPath } from './multipart-fields.ts';
import { randomToken } from './secrets.ts';
import {
  INCOMING_FOLDER,
  removeStaleIncoming,
  tempFilesOf,
  writeLimited,
  type RequestTempFiles,
} from './upload-temp-files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where `multipartBody` streams files (`registerUploads`). */
    incomingUploadsDir: string;
  }
}

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

/**
 * A file part streamed to a temporary file (`FileRule.stream`). The file is removed when the
 * response is over unless the route keeps it (`MediaStore.keep`) before that.
 */
export interface StreamedFile {
  filename: string;
  /** What the client claimed; `type` is what the bytes say. */
  mimetype: string;
  /** Bytes received, counting at most one past the limit; the temporary file holds exactly these. */
  size: number;
  type: DetectedFileType;
  tempPath: string;
}

// Only what `multipartBody` made is a streamed file: a JSON body or bracketed text fields
// (`photo[tempPath]=/etc/passwd`) can build an object of the same shape.
const streamedFiles = new WeakSet<object>();

export function isStreamedFile(value: unknown): value is StreamedFile {
  return typeof value === 'object' && value !== null && streamedFiles.has(value);
}

export interface FileRule {
  maxBytes: number;
  /** Stream the part to a temporary file (a `StreamedFile`) instead of reading it into memory (an `UploadedFile`). */
  stream?: boolean;
  /** How many files the field takes (`name` repeated or `name[0]`, `name[1]`...); more is a 400 on the field. */
  maxFiles?: number;
  /** The message of that 400, given `{max}`; `files_max` unless said. */
  tooManyFiles?: MessageKey;
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
  /** Moves a streamed file into `folder`, named by its detected type, and returns its path as `save` does. */
  keep(file: StreamedFile, folder: string): Promise<string>;
  /** Removes a stored file; a file already gone is not an error. */
  remove(stored: string): Promise<void>;
  /** A copy of a stored file in `folder`, under a new name with the same extension; answers its path. */
  copy(stored: string, folder: string): Promise<string>;
  /** The stored files of a folder, with when each was last written. */
  list(folder: string): Promise<{ stored: string; modifiedAt: Date }[]>;
}

export function createMediaStore(uploadsDir: string): MediaStore {
  const resolve = (stored: string) => {
    const file = path.resolve(uploadsDir, stored);
    if (!file.startsWith(path.resolve(uploadsDir) + path.sep))
      throw new Error(`media path escapes the uploads folder: ${stored}`);
    return file;
  };
  return {
    async save(folder, extension, content) {
      const stored = `${folder}/${randomToken(16)}.${extension}`;
      await mkdir(path.join(uploadsDir, folder), { recursive: true });
      await writeFile(resolve(stored), content, { flag: 'wx' });
      return stored;
    },
    async keep(file, folder) {
      if (!file.type) throw new Error(`an upload of unknown type cannot be kept: ${file.filename}`);
      const incoming = path.resolve(uploadsDir, INCOMING_FOLDER);
      if (path.dirname(path.resolve(file.tempPath)) !== incoming)
        throw new Error(`not an incoming upload: ${file.tempPath}`);
      const stored = `${folder}/${randomToken(16)}.${extensionOf(file.type)}`;
      await mkdir(path.join(uploadsDir, folder), { recursive: true });
      await rename(file.tempPath, resolve(stored));
      return stored;
    },
    async remove(stored) {
      await rm(resolve(stored), { force: true });
    },
    async copy(stored, folder) {
      const copied = `${folder}/${randomToken(16)}${path.extname(stored)}`;
      await mkdir(path.join(uploadsDir, folder), { recursive: true });
      await copyFile(resolve(stored), resolve(copied), constants.COPYFILE_EXCL);
      return copied;
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
  const incoming = path.join(uploadsDir, INCOMING_FOLDER);
  await mkdir(incoming, { recursive: true });
  await removeStaleIncoming(incoming);
  app.decorate('incomingUploadsDir', incoming);
  // Oversized files are reported on their field by `multipartBody`, not thrown as a bare 413.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fieldNameSize: 200, fieldSize: 64 * 1024, fields: 200, parts: 300 },
  });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    // The incoming folder holds uploads no route has accepted yet.
    dotfiles: 'ignore',
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
 * checks it. Text fields are strings; bracketed names nest (`schedule[0][day]`, `media_files[1]`:
 * multipart-fields.ts) and a repeated name gives an array. A declared file field gets an
 * `UploadedFile` in memory, or with `stream: true` a `StreamedFile` on disk, either cut one byte
 * past its limit so the schema can name the limit; more files than `maxFiles` is a 400 on the
 * field; undeclared files are read and dropped. A JSON object passes through, less any file field.
 */
export function multipartBody(files: Record<string, FileRule>) {
  const rules = Object.values(files);
  const largest = Math.max(...rules.map((rule) => rule.maxBytes));
  // A few files past the declared counts are read and reported on their field; more make the request too large.
  const filesLimit = rules.reduce((sum, rule) => sum + (rule.maxFiles ?? 10), 0) + 10;
  const streams = rules.some((rule) => rule.stream);
  return async function (request: FastifyRequest, reply: FastifyReply) {
    if (!request.isMultipart()) {
      // A body that is not an object (none, null, a list, a string, text) is left for the route's
      // schema to refuse as every route does; made `{}` here, a PATCH of it changed nothing and answered 200.
      if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) return;
      const body: Record<string, unknown> = { ...request.body };
      for (const name of Object.keys(files)) delete body[name];
      request.body = body;
      return;
    }
    const temps = streams ? tempFilesOf(request, reply, request.server.incomingUploadsDir) : undefined;
    const fields = createFieldCollector();
    const counts = new Map<string, number>();
    let tooMany: string | undefined;
    try {
      for await (const part of request.parts({ limits: { fileSize: largest + 1, files: filesLimit } })) {
        const name = parseFieldName(part.fieldname);
        if (part.type === 'field') {
          fields.add(name, typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
          continue;
        }
        const rule = fileRuleOf(files, name);
        const count = counts.get(name[0]) ?? 0;
        if (!rule || (rule.maxFiles !== undefined && count >= rule.maxFiles)) {
          const size = await drain(part.file);
          if (rule && (size > 0 || part.filename)) tooMany ??= name[0];
          continue;
        }
        const file = rule.stream ? await streamPart(part, rule, temps!) : await readPart(part, rule);
        if (!file) continue;
        counts.set(name[0], count + 1);
        fields.add(name, file);
      }
    } catch (error) {
      await temps?.removeAll();
      if (error instanceof AppError) throw error;
      const status = (error as { statusCode?: number }).statusCode;
      throw status === 413 ? new AppError(413, 'request_too_large') : badRequest('request_malformed');
    }
    if (tooMany !== undefined) {
      const key = files[tooMany]!.tooManyFiles ?? 'files_max';
      throw new AppError(400, key, { fields: { [tooMany]: [key] }, params: { max: files[tooMany]!.maxFiles! } });
    }
    request.body = fields.body();
  };
}

/** A file rule applies to its name and to the name indexed (`media_files[0]`). */
function fileRuleOf(files: Record<string, FileRule>, name: FieldPath): FileRule | undefined {
  if (!Object.hasOwn(files, name[0])) return undefined;
  return name.length === 1 || (name.length === 2 && typeof name[1] === 'number') ? files[name[0]] : undefined;
}

async function drain(file: AsyncIterable<Buffer>): Promise<number> {
  let size = 0;
  for await (const chunk of file) size += chunk.length;
  return size;
}

// A form whose file input was left empty still sends the part, with no name and no bytes: no file.
const leftEmpty = (part: MultipartFile, size: number) => size === 0 && !part.filename;

async function readPart(part: MultipartFile, rule: FileRule): Promise<UploadedFile | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= rule.maxBytes) chunks.push(chunk);
  }
  if (leftEmpty(part, size)) return undefined;
  const within = size <= rule.maxBytes;
  return {
    filename: part.filename,
    mimetype: part.mimetype,
    bytes: within ? Buffer.concat(chunks) : Buffer.alloc(0),
    size: within ? size : Math.max(size, rule.maxBytes + 1),
  };
}

async function streamPart(
  part: MultipartFile,
  rule: FileRule,
  temps: RequestTempFiles,
): Promise<StreamedFile | undefined> {
  const tempPath = temps.create();
  const { size, head } = await writeLimited(part.file, tempPath, rule.maxBytes);
  if (leftEmpty(part, size)) {
    await temps.remove(tempPath);
    return undefined;
  }
  const file: StreamedFile = {
    filename: part.filename,
    mimetype: part.mimetype,
    size,
    type: detectFileType(head),
    tempPath,
  };
  streamedFiles.add(file);
  return file;
}
