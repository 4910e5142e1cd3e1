import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pickLang } from '@evcms/contracts/i18n';
import { formatMessage, type MessageKey } from '@evcms/contracts/messages';
import { issueMessage } from '@evcms/contracts/schema';
import { databaseUnavailable } from './db-errors.ts';
import { AppError } from './errors.ts';
import { FAULT_MESSAGES, unstorableFields } from './nul-guard.ts';

/**
 * Turns every error into the body PRODUCT.md fixes: field -> messages, or `detail`, localised by
 * Accept-Language. Stack traces stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = request.lang;
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error(error);
      const { fields, params } = error.options;
      if (fields) {
        const body: Record<string, string[]> = {};
        for (const [field, keys] of Object.entries(fields))
          body[field] = keys.map((k) => formatMessage(lang, k, params));
        return reply.code(error.statusCode).send(body);
      }
      return reply.code(error.statusCode).send({ detail: formatMessage(lang, error.key, params) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // An issue of the whole body (null, an array, a string where an object belongs).
        if (!field) return reply.code(400).send({ detail: formatMessage(lang, 'request_malformed') });
        (body[field] ??= []).push(issueMessage({ ...issue.params, message: issue.message ?? '' }, lang));
      }
      // A field the schema let through may still hold NUL or a lone surrogate, which the guard after
      // it would refuse: named now too, so one answer names every field to correct.
      for (const { path, fault } of unstorableFields(request)) {
        const message = formatMessage(lang, FAULT_MESSAGES[fault]);
        if (path && !body[path]?.includes(message)) (body[path] ??= []).push(message);
      }
      return reply.code(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ detail: error.message });
    // The static file plugin refuses a folder (`/media/`) with 403: to a client it is not there.
    if (status === 404 || status === 403) return reply.code(404).send({ detail: formatMessage(lang, 'not_found') });
    if (status >= 400 && status < 500) {
      const key: MessageKey = status === 405 ? 'method_not_allowed' : 'request_malformed';
      return reply.code(status).send({ detail: formatMessage(lang, key) });
    }
    request.log.error({ err: withoutValues(error) }, 'request failed');
    // The database out of reach (restarting, its connections cut): nothing was wrong with the
    // request, and asking again shortly is the way out; clients and proxies read 503 so.
    if (databaseUnavailable(error))
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ detail: formatMessage(lang, 'server_unavailable') });
    return reply.code(500).send({ detail: formatMessage(lang, 'server_error') });
  });
}

/**
 * A failed statement as it goes to the log: Drizzle puts the statement's values (names, emails,
 * whatever the user sent) in the error's message; the log gets the statement and the database's
 * own error instead.
 */
export function withoutValues(error: Error): Error | { type: string; message: string; query: string; cause: unknown } {
  if (!('query' in error) || !('params' in error)) return error;
  return { type: error.constructor.name, message: 'Failed query', query: String(error.query), cause: error.cause };
}

/**
 * Errors Fastify raises before a route is found (a malformed URL such as `/tags/%/`): the product's
 * body, in the language asked, instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = pickLang(request.headers['accept-language']);
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send({ detail: formatMessage(lang, 'request_malformed') });
}
