import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { formatMessage, type MessageKey } from '@evcms/contracts/messages';
import { issueMessage } from '@evcms/contracts/schema';
import { AppError } from './errors.ts';

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
        for (const [field, keys] of Object.entries(fields)) body[field] = keys.map((k) => formatMessage(lang, k, params));
        return reply.code(error.statusCode).send(body);
      }
      return reply.code(error.statusCode).send({ detail: formatMessage(lang, error.key, params) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'detail';
        (body[field] ??= []).push(issueMessage({ ...issue.params, message: issue.message ?? '' }, lang));
      }
      return reply.code(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ detail: error.message });
    if (status >= 400 && status < 500) {
      const key: MessageKey = status === 404 ? 'not_found' : status === 405 ? 'method_not_allowed' : 'request_malformed';
      return reply.code(status).send({ detail: formatMessage(lang, key) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: formatMessage(lang, 'server_error') });
  });

}
