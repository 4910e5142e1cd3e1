import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import type { Lang } from '@evcms/contracts/i18n';
import { z } from '@evcms/contracts/schema';
import { statusesRequest, type StatusesRequest } from '@evcms/contracts/status';

/*
 * What the routes of every resource declare alike, written once so that a new domain (promotions,
 * banners, partners...) answers the same way: a call on one id, and the bulk status change of spec 4.
 */

/** The routes' view of the app: schemas from the contracts (`app.withTypeProvider<ZodTypeProvider>()`). */
type ZodRoutes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The answers of a call on something named by its id: `answer`, or 400 (a malformed id or input) or 404 (no such id). */
export function orNotFound<T extends z.ZodMiniType>(answer: T) {
  return { 200: answer, 400: errorBody, 404: errorBody };
}

/**
 * `PATCH <url>` (`/merchants/statuses/`): activates or deactivates every id of `statusesRequest`, or
 * none (404 naming the missing ones, `lib/bulk.ts`), and answers the changed records as `item`s.
 */
export function statusesRoute<R, T extends z.ZodMiniType>(
  routes: ZodRoutes,
  url: string,
  resource: {
    tags: string[];
    item: T;
    change: (body: StatusesRequest) => Promise<R[]>;
    present: (record: R, lang: Lang) => z.output<T>;
  },
) {
  const { tags, item, change, present } = resource;
  routes.patch(url, {
    schema: { tags, body: statusesRequest, response: orNotFound(z.array(item)) },
    handler: async (request) => (await change(request.body)).map((record) => present(record, request.lang)),
  });
}
