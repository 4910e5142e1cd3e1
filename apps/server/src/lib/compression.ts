import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Under 1 KB a compressed answer saves less than its encoding costs (headers, CPU). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Files are never compressed here: the web app's are compressed once at build time and sent by
 * `lib/spa.ts`, uploads under /media are images, and Swagger UI's are a developer's page. A file
 * is a stream whose 304 and HEAD answers would carry a Content-Encoding of a body they have not.
 */
const FILE_PREFIXES = ['/api/docs/static/'];

export function compressesAnswersOf(url: string): boolean {
  return url.startsWith('/api/') && !FILE_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * Compresses API answers over 1 KB by Accept-Encoding: br, then gzip (fixed, so a Node with zstd
 * does not change what clients get). Must run before any route is registered: the plugin puts its
 * hook on each route as it is added, and this file's own hook, added first, opts files out.
 * Request bodies are not decompressed: no client sends them compressed.
 */
export async function registerCompression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!compressesAnswersOf(route.url)) route.compress = false;
  });
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
