import { intParam } from './query.ts';
import { z } from './schema.ts';

/*
 * One status concept: 0 active, 1 inactive, for merchants, stations, tags, infrastructure, rates,
 * promotions and banners. Inside, every record holds `status`; the API answers it as the
 * specification gives each resource: `status` (merchants, stations, rates, promotions) or the
 * `active` flag (tags, infrastructure).
 */

export const STATUS_ACTIVE = 0;
export const STATUS_INACTIVE = 1;
export const status = z.union([z.literal(STATUS_ACTIVE), z.literal(STATUS_INACTIVE)]);
export type Status = z.infer<typeof status>;

export function isActive(value: Status | number): boolean {
  return value === STATUS_ACTIVE;
}

export function statusOf(active: boolean): Status {
  return active ? STATUS_ACTIVE : STATUS_INACTIVE;
}

/** The status a toggle sets: the opposite of the current one. */
export function toggledStatus(value: Status | number): Status {
  return isActive(value) ? STATUS_INACTIVE : STATUS_ACTIVE;
}

/** A list filter by status (`?status=0`), beside the `active` flag; undefined when absent or empty. */
export const statusParam = z.pipe(intParam(0), z.optional(z.number().check(z.lte(1))));

/** At most this many ids in one bulk status change. */
export const BULK_IDS_MAX = 1000;

/** What a bulk status change applies to: one at least, BULK_IDS_MAX at most. */
export function bulkList<T extends z.ZodMiniType>(item: T) {
  return z
    .array(item)
    .check(z.minLength(1, { error: 'field_blank' }), z.maxLength(BULK_IDS_MAX, { error: 'number_max' }));
}

/** `PATCH .../statuses/`: activate (0) or deactivate (1) every id, or none. */
export const statusesRequest = z.object({ ids: bulkList(z.number().check(z.int(), z.positive())), status });
export type StatusesRequest = z.infer<typeof statusesRequest>;
