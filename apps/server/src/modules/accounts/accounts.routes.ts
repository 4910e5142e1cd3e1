import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordRequest,
  loginRequest,
  logoutRequest,
  manager,
  passwordResetConfirm,
  passwordResetRequest,
  refreshRequest,
  refreshResponse,
  tokenPair,
  updateMeRequest,
} from '@evcms/contracts/accounts';
import { detailBody, errorBody } from '@evcms/contracts/common';
import { formatMessage } from '@evcms/contracts/messages';
import type { AccountsDeps } from './accounts.service.ts';
import * as accounts from './accounts.service.ts';

const WINDOW_MS = 15 * 60 * 1000;

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

export function accountsRoutes(deps: AccountsDeps) {
  return async function (app: FastifyInstance) {
    // Guessing is slowed per address and per client; runs after validation, so the email is known.
    const limit = (max: number, perEmail: boolean) =>
      app.rateLimit({
        max,
        timeWindow: WINDOW_MS,
        hook: 'preHandler',
        keyGenerator: (request) => (perEmail ? `${request.ip}|${emailOf(request)}` : request.ip),
        errorResponseBuilder: (request, context) => ({
          statusCode: 429,
          message: formatMessage(request.lang, 'too_many_attempts', { minutes: Math.max(1, Math.ceil(context.ttl / 60000)) }),
        }),
      });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['accounts'];
    const publicRoute = { public: true };

    r.post('/login/', {
      config: publicRoute,
      preHandler: [limit(10, true), limit(100, false)],
      schema: { tags, body: loginRequest, response: { 200: tokenPair, 400: errorBody, 429: errorBody } },
      handler: (request) => accounts.login(deps, request.body),
    });

    r.post('/refresh/', {
      config: publicRoute,
      schema: { tags, body: refreshRequest, response: { 200: refreshResponse, 401: errorBody } },
      handler: (request) => accounts.refreshAccess(deps, request.body.refresh),
    });

    r.post('/logout/', {
      config: publicRoute,
      schema: { tags, body: logoutRequest },
      handler: async (request, reply) => {
        await accounts.logout(deps, request.body.refresh);
        return reply.code(204).send();
      },
    });

    r.post('/password-reset/', {
      config: publicRoute,
      preHandler: [limit(5, true), limit(50, false)],
      schema: { tags, body: passwordResetRequest, response: { 200: detailBody, 400: errorBody } },
      handler: async (request) => {
        await accounts.requestPasswordReset(deps, request.body.email);
        return { detail: formatMessage(request.lang, 'reset_sent') };
      },
    });

    r.post('/password-reset/confirm/', {
      config: publicRoute,
      preHandler: [limit(20, false)],
      schema: { tags, body: passwordResetConfirm, response: { 200: detailBody, 400: errorBody } },
      handler: async (request) => {
        await accounts.confirmPasswordReset(deps, request.body);
        return { detail: formatMessage(request.lang, 'password_changed') };
      },
    });

    r.get('/me/', {
      schema: { tags, response: { 200: manager } },
      handler: (request) => accounts.getMe(deps, request.managerId),
    });

    r.patch('/me/', {
      schema: { tags, body: updateMeRequest, response: { 200: manager, 400: errorBody } },
      handler: (request) => accounts.updateMe(deps, request.managerId, request.body),
    });

    r.post('/change-password/', {
      schema: { tags, body: changePasswordRequest, response: { 200: detailBody, 400: errorBody } },
      handler: async (request) => {
        await accounts.changePassword(deps, request.managerId, request.body);
        return { detail: formatMessage(request.lang, 'password_changed') };
      },
    });
  };
}
