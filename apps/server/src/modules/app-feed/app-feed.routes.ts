import type { FastifyInstance } from 'fastify';
import { APP_FEED_MAX_AGE_SECONDS, appFeed } from '@evcms/contracts/app-feed';
import { errorBody } from '@evcms/contracts/common';
import { z } from '@evcms/contracts/schema';
import { createAttempts } from '../../lib/attempts.ts';
import { chosenEncoding, createFeedAnswers, stillFresh } from './app-feed-answers.ts';
import { showingNow, type AppFeedDeps } from './app-feed.service.ts';

const MINUTE_MS = 60_000;

export interface AppFeedRouteDeps extends AppFeedDeps {
  /** Requests one client address may make a minute (APP_FEED_REQUESTS_PER_MINUTE). */
  requestsPerMinute: number;
}

/**
 * GET /app/feed/: public (the app asks before any sign-in), limited per client address, and
 * answered from memory: the answer's bytes are sent as held (compressed here, so the route opts
 * out of lib/compression.ts), or 304 when the client already has them.
 */
export function appFeedRoutes(deps: AppFeedRouteDeps) {
  return async function (app: FastifyInstance) {
    const answers = createFeedAnswers(() => showingNow(deps));
    const attempts = createAttempts(MINUTE_MS);

    app.get('/', {
      config: { public: true },
      compress: false,
      schema: {
        tags: ['app'],
        description:
          "The drivers' app's feed in the Accept-Language's language; no token needed. Send If-None-Match with the ETag to get 304 when nothing changed.",
        // 304: no body, the client's copy stands.
        response: { 200: appFeed, 304: z.null(), 429: errorBody },
      },
      handler: async (request, reply) => {
        const limits = [{ key: request.ip, max: deps.requestsPerMinute }];
        try {
          attempts.check(limits);
        } catch (error) {
          // The 429 says when to ask again: within the window's length at most.
          reply.header('retry-after', String(MINUTE_MS / 1000));
          throw error;
        }
        attempts.count(limits);
        const answer = await answers.answer(request.lang);
        reply.headers({
          etag: answer.etag,
          'cache-control': `public, max-age=${APP_FEED_MAX_AGE_SECONDS}`,
          vary: 'Accept-Language, Accept-Encoding',
          'content-language': request.lang,
        });
        if (stillFresh(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
        const { bytes, encoding } = answer.body(chosenEncoding(request.headers['accept-encoding']));
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.type('application/json; charset=utf-8').send(bytes);
      },
      // A public answer that proxies may keep carries no cookie: lib/csrf.ts's is the back office's, and a
      // cached one would hand every client the same. Route hooks run after the cookie plugin's has set it.
      onSend: async (_request, reply, payload) => {
        reply.removeHeader('set-cookie');
        return payload;
      },
    });
  };
}
