import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, paged } from '@evcms/contracts/common';
import type { ExportFormat } from '@evcms/contracts/exports';
import type { Lang } from '@evcms/contracts/i18n';
import { z } from '@evcms/contracts/schema';
import { statusesRequest, type StatusesRequest } from '@evcms/contracts/status';
import type { ExportColumn } from './exports/columns.ts';
import { sendExport } from './exports/export-stream.ts';

/*
 * What the routes of every resource declare alike, written once so that a new domain (promotions,
 * banners, partners...) answers the same way: a page of a list, a call on one id, the bulk status change
 * of spec 4, a list downloaded as a file.
 */

/** The routes' view of the app: schemas from the contracts (`app.withTypeProvider<ZodTypeProvider>()`). */
type ZodRoutes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The answers of a list: a page of `item`s, or 400 (a malformed filter). */
export function pagedAnswer<T extends z.ZodMiniType>(item: T) {
  return { 200: paged(item), 400: errorBody };
}

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

/**
 * `GET <url>` (`/users/export/`): the list's filters and `format` in `query`, the rows streamed as a csv or
 * xlsx file (`lib/exports`) named `name` and the day, its sheet titled in the request's language.
 */
export function exportRoute<Q extends z.ZodMiniType<{ format: ExportFormat }>, Row>(
  routes: ZodRoutes,
  url: string,
  file: {
    tags: string[];
    query: Q;
    name: string;
    sheet: Record<Lang, string>;
    columns: (lang: Lang) => readonly ExportColumn<Row>[];
    rows: (query: z.output<Q>) => AsyncIterable<readonly Row[]>;
  },
) {
  const { tags, query, name, sheet, columns, rows } = file;
  routes.get(url, {
    schema: { tags, querystring: query, response: { 400: errorBody } },
    handler: async (request, reply) => {
      // The type provider cannot resolve a schema given as a type parameter; `query` checked the request.
      const filters = request.query as z.output<Q>;
      const { lang } = request;
      return sendExport(reply, {
        format: filters.format,
        name,
        title: sheet[lang],
        lang,
        columns: columns(lang),
        batches: rows(filters),
      });
    },
  });
}
