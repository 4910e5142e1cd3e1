import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { formatMessage } from '@evcms/contracts/messages';

const FILE_PREFIXES = ['/api/', '/assets/', '/media/'];
/** The build's compressed siblings and source maps: served only in a file's stead, never by their own names. */
const HIDDEN = /\.(?:br|gz|map)$/;

/**
 * Serves the built web app: hashed files under /assets are cached for a year, everything else is
 * revalidated, and any other GET that wants HTML gets index.html so client-side routes survive a reload.
 * The build writes `.br` and `.gz` beside each file over 1 KB (apps/web/vite.config.ts); a request
 * gets brotli if it accepts it, else gzip, else the file itself. Those siblings and source maps
 * have no URL of their own.
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ webDist }, 'web app is not built; serving the API only');
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ detail: formatMessage(request.lang, 'not_found') }),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    // One route for all files, looked up when asked: a route per file meant walking the build at
    // every start (issue 34).
    wildcard: true,
    index: false,
    preCompressed: true,
    // A folder (`/` above all) is no file: the page, below.
    allowedPath: (pathname) => !pathname.endsWith('/') && !HIDDEN.test(pathname),
    // Cache headers are ours (below), not the plugin's default max-age=0.
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The plugin picks the encoding but does not say the answer depends on it; a shared cache
      // must not hand brotli to a client that asked for none.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    // Files (API answers, built assets, uploads) are never answered with the page.
    const wantsPage =
      request.method === 'GET' &&
      !FILE_PREFIXES.some((prefix) => request.url === prefix.slice(0, -1) || request.url.startsWith(prefix));
    if (wantsPage && !path.extname(request.url.split('?')[0] ?? '')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ detail: formatMessage(request.lang, 'not_found') });
  });
}
