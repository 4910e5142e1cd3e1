import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@evcms/contracts/schema';
import { registerErrorHandler } from '../lib/error-handler.ts';
import { registerLang } from '../lib/lang.ts';
import { isStreamedFile, registerUploads, type FileRule, type MediaStore, multipartBody } from '../lib/uploads.ts';

/*
 * A bare app with the upload plugins and one test route, `POST /upload`, for the tests of
 * lib/uploads.ts: no database, so they run the same on either engine. The route answers the body
 * it was given, each streamed file with the bytes its temporary file held (`onDisk`); `?then=keep`
 * keeps the streamed files in the store, `?then=throw` fails; `check=bad` fails validation.
 */

export const UPLOAD_RULES: Record<string, FileRule> = {
  photo: { maxBytes: 1000, stream: true, maxFiles: 1 },
  media_files: { maxBytes: 2000, stream: true, maxFiles: 3 },
  avatar: { maxBytes: 1000, stream: true, maxFiles: 1, tooManyFiles: 'avatar_max' },
  icon: { maxBytes: 100 },
};

export interface UploadsApp {
  app: FastifyInstance;
  media: MediaStore;
  uploadsDir: string;
  /** What the incoming folder holds now. */
  incoming(): Promise<string[]>;
  close(): Promise<void>;
}

async function describeBody(value: unknown): Promise<unknown> {
  if (isStreamedFile(value)) return { ...value, onDisk: (await stat(value.tempPath)).size };
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  if (Array.isArray(value)) return Promise.all(value.map(describeBody));
  if (typeof value === 'object' && value !== null) {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, item]) => [key, await describeBody(item)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

export async function createUploadsApp(rules: Record<string, FileRule> = UPLOAD_RULES): Promise<UploadsApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcms-uploads-'));
  const app = Fastify({ bodyLimit: 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerLang(app);
  registerErrorHandler(app);
  const media = await registerUploads(app, dataDir);
  app.withTypeProvider<ZodTypeProvider>().post('/upload', {
    preValidation: multipartBody(rules),
    schema: {
      querystring: z.object({ then: z.optional(z.enum(['answer', 'keep', 'throw'])) }),
      body: z.looseObject({ check: z.optional(z.literal('ok')) }),
    },
    handler: async (request) => {
      if (request.query.then === 'throw') throw new Error('the handler failed');
      if (request.query.then === 'keep') {
        const files = Object.values(request.body).flat().filter(isStreamedFile);
        return { kept: await Promise.all(files.map((file) => media.keep(file, 'kept'))) };
      }
      return describeBody(request.body);
    },
  });
  await app.ready();
  const uploadsDir = path.join(dataDir, 'uploads');
  return {
    app,
    media,
    uploadsDir,
    incoming: () => readdir(path.join(uploadsDir, '.incoming')),
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
