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
import { createSharedAttempts, type AttemptLimit, type SharedAttempts } from '../../lib/attempts.ts';
import type { Background } from '../../lib/background.ts';
import { AppError } from '../../lib/errors.ts';
import { presentManager, presentPasswordChanged, presentResetSent, presentTokens } from './accounts.presenter.ts';
import type { AccountsDeps } from './accounts.service.ts';
import * as accounts from './accounts.service.ts';

const WINDOW_MS = 15 * 60 * 1000;

/*
 * Guessing is slowed per client and address and per client (docs/decisions.md): failed sign-ins
 * and failed recovery links count; every recovery request counts, as its answer never says
 * whether it found an account. Checked after validation, so the address is the normalised one.
 */
const loginLimits = (request: FastifyRequest, email: string): AttemptLimit[] => [
  { key: `login|${request.ip}|${email}`, max: 10 },
  { key: `login|${request.ip}`, max: 100 },
];
const resetLimits = (request: FastifyRequest, email: string): AttemptLimit[] => [
  { key: `reset|${request.ip}|${email}`, max: 5 },
  { key: `reset|${request.ip}`, max: 50 },
];
const confirmLimits = (request: FastifyRequest): AttemptLimit[] => [{ key: `confirm|${request.ip}`, max: 20 }];

/** Runs `action` within `limits`: refused with 429 once one is used up; an answer of 400 (wrong password, invalid link) counts as a failed attempt. */
async function withinLimits<T>(attempts: SharedAttempts, limits: AttemptLimit[], action: () => Promise<T>): Promise<T> {
  await attempts.check(limits);
  try {
    return await action();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) await attempts.count(limits);
    throw error;
  }
}

/** Refused with 429 once one of `limits` is used up; counted whatever the outcome. */
async function checkAndCount(attempts: SharedAttempts, limits: AttemptLimit[]): Promise<void> {
  await attempts.check(limits);
  await attempts.count(limits);
}

export function accountsRoutes(deps: AccountsDeps & { background: Background }) {
  return async function (app: FastifyInstance) {
    // In the database: every process on it holds a client to the same limits (docs/decisions.md).
    const attempts = createSharedAttempts(deps.db, WINDOW_MS);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['accounts'];
    const publicRoute = { public: true };

    r.post('/login/', {
      config: publicRoute,
      schema: { tags, body: loginRequest, response: { 200: tokenPair, 400: errorBody, 429: errorBody } },
      handler: async (request) =>
        presentTokens(
          await withinLimits(attempts, loginLimits(request, request.body.email), () =>
            accounts.login(deps, request.body),
          ),
        ),
    });

    r.post('/refresh/', {
      config: publicRoute,
      schema: { tags, body: refreshRequest, response: { 200: refreshResponse, 401: errorBody } },
      handler: async (request) => presentTokens(await accounts.refreshAccess(deps, request.body.refresh)),
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
      schema: { tags, body: passwordResetRequest, response: { 200: detailBody, 400: errorBody, 429: errorBody } },
      handler: async (request) => {
        await checkAndCount(attempts, resetLimits(request, request.body.email));
        return presentResetSent(request.lang);
      },
      // The lookup and the mail start once the answer is sent, so the answer takes as long whether
      // or not the address has an account (the embedded database shares this thread).
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        const { email } = request.body;
        const { lang } = request;
        deps.background.run('password reset mail', () => accounts.requestPasswordReset(deps, email, lang));
      },
    });

    r.post('/password-reset/confirm/', {
      config: publicRoute,
      schema: { tags, body: passwordResetConfirm, response: { 200: detailBody, 400: errorBody, 429: errorBody } },
      handler: async (request) => {
        await withinLimits(attempts, confirmLimits(request), () => accounts.confirmPasswordReset(deps, request.body));
        return presentPasswordChanged(request.lang);
      },
    });

    r.get('/me/', {
      schema: { tags, response: { 200: manager } },
      handler: async (request) => presentManager(await accounts.getMe(deps, request.managerId)),
    });

    r.patch('/me/', {
      schema: { tags, body: updateMeRequest, response: { 200: manager, 400: errorBody } },
      handler: async (request) => presentManager(await accounts.updateMe(deps, request.managerId, request.body)),
    });

    r.post('/change-password/', {
      schema: { tags, body: changePasswordRequest, response: { 200: detailBody, 400: errorBody } },
      handler: async (request) => {
        await accounts.changePassword(
          deps,
          { managerId: request.managerId, sessionId: request.sessionId },
          request.body,
        );
        return presentPasswordChanged(request.lang);
      },
    });
  };
}
