import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { urlOrigin } from '../config.ts';

export interface SecurityHeaderOptions {
  https: boolean;
  /** The map picker's tile template and geocoder (config.ts); the browser fetches them itself. */
  mapTileUrl: string;
  geocoderUrl: string;
}

/** Built scripts and styles: subresources, never documents (images stay out: an SVG is one). */
const SUBRESOURCE = /^\/assets\/[^?]+\.(?:js|css)(?:\?|$)/;

/**
 * Security headers on every answer but built scripts and styles. The page may run only its own scripts (the build has no inline
 * script), take styles inline (Ant Design writes its styles at run time), show images from itself,
 * data: and blob: URLs (icon previews) and the map's tile server, call only its own API and the
 * geocoder, and be framed by no one. Media answers set their own, stricter policy.
 *
 * A script or a style is no document: a policy, a framing rule or HSTS on it does nothing (HSTS
 * comes with the page), and on a cold load they were 55 KB of headers over 58 answers. They get
 * what a browser applies to a subresource: no type sniffing, and no loading by other sites.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  await app.register(helmet, {
    // Applied below, by address; helmet's per-route switch cannot reach @fastify/static's routes.
    global: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', urlOrigin(options.mapTileUrl)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", urlOrigin(options.geocoderUrl)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    // The recovery link carries its token in the query: no page sends its address anywhere.
    referrerPolicy: { policy: 'no-referrer' },
    // Only over https: a browser that saw it would refuse plain http to this host for a year.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // After helmet's own hook, which gives each reply its `helmet()`.
  app.addHook('onRequest', async (request, reply) => {
    if (SUBRESOURCE.test(request.url)) {
      reply.header('x-content-type-options', 'nosniff').header('cross-origin-resource-policy', 'same-origin');
    } else {
      reply.helmet();
    }
  });
}
