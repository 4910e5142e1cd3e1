import type { FastifyInstance } from 'fastify';
import { pickLang, type Lang } from '@evcms/contracts/i18n';
// The server answers in any of the three languages: register the whole message catalogue.
import '@evcms/contracts/messages-all';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

/** `request.lang`: the language of messages and derived labels, from Accept-Language (ru by default). */
export function registerLang(app: FastifyInstance) {
  app.decorateRequest('lang', 'ru');
  app.addHook('onRequest', async (request) => {
    request.lang = pickLang(request.headers['accept-language']);
  });
}
