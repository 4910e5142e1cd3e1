import { z } from './schema.ts';

/** Page sizes offered by lists; `size` defaults to the first. */
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Pickers (tags, infrastructure) may ask for more at once, up to this cap. */
export const MAX_PICKER_PAGE_SIZE = 1000;

/** The error body of every 4xx/5xx: field name -> messages, and `detail` for the rest. */
export const errorBody = z.catchall(
  z.object({ detail: z.optional(z.string()) }),
  z.union([z.array(z.string()), z.string()]),
);
export type ErrorBody = z.infer<typeof errorBody>;

/** An id, a count or a position in an answer. */
export const wholeNumber = z.number().check(z.int());

export function paged<T extends z.ZodMiniType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().check(z.int()),
    pages: z.number().check(z.int()),
    size: z.number().check(z.int()),
    total: z.number().check(z.int()),
  });
}
export type Paged<T> = { items: T[]; page: number; pages: number; size: number; total: number };

export const detailBody = z.object({ detail: z.string() });
export type DetailBody = z.infer<typeof detailBody>;

export const healthBody = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'down']) });
/**
 * GET /api/v1/ready: whether this process can serve, for a load balancer or an orchestrator's
 * readiness probe (health stays the cheap liveness check). `db` down: the database did not answer
 * in time; `migrations` pending: the database lacks a migration of this build (`unknown` while the
 * database is down). 200 with `ready`, else 503 with `not_ready`.
 */
export const readyBody = z.object({
  status: z.enum(['ready', 'not_ready']),
  db: z.enum(['ok', 'down']),
  migrations: z.enum(['current', 'pending', 'unknown']),
});
export type ReadyBody = z.infer<typeof readyBody>;
