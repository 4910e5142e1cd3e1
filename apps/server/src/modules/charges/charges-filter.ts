import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ChargeReviewReason, ChargeSource, ChargeStatus } from '@evcms/contracts/charges';
import { chargeDayCounts, charges } from '../../db/schema/charges.ts';
import { dayStart, withinDays } from '../../lib/periods.ts';
import { OPEN_STATUSES } from './charges.rules.ts';

/* The charge list's filters as one SQL condition: the list, its count and the export read by it. */

export interface ChargeFilter {
  id?: number | undefined;
  stationIds?: number[] | undefined;
  statuses?: ChargeStatus[] | undefined;
  /** Bishkek days of the start, both included. */
  startedFrom?: string | undefined;
  startedTo?: string | undefined;
  /** Bishkek days of the finish, both included. */
  finishedFrom?: string | undefined;
  finishedTo?: string | undefined;
  /** Bishkek time of day of the finish, HH:mm:ss, both included; a window starting later than it ends runs across midnight. */
  finishedTimeFrom?: string | undefined;
  finishedTimeTo?: string | undefined;
  driverId?: number | undefined;
  /** Charges marked for review for any of these reasons (the partial index charges_review_idx). */
  reviewReasons?: ChargeReviewReason[] | undefined;
  /** Charges authorised in any of these ways. */
  sources?: ChargeSource[] | undefined;
  /** Charges any of these promotions discounted (the partial index charges_promotion_idx). */
  promotionIds?: number[] | undefined;
}

/** The stored finish time of day within `from`..`to` (lib/periods.ts withinTimesOfDay, read from the indexed column). */
function finishedTimeWithin(from: string | undefined, to: string | undefined): SQL | undefined {
  const time = charges.finishedTime;
  if (from === undefined && to === undefined) return undefined;
  if (to === undefined) return sql`${time} >= ${from}::time`;
  if (from === undefined) return sql`${time} <= ${to}::time`;
  if (from <= to) return sql`${time} between ${from}::time and ${to}::time`;
  return sql`(${time} >= ${from}::time or ${time} <= ${to}::time)`;
}

/**
 * A charge finished on `from` or later started on or after the earliest start day of the charges
 * finished since then, which the kept day counts know: the oldest-first walk of a finish-filtered
 * list's last pages then begins near its first row, not at the oldest charge.
 */
function startBoundOfFinishedFrom(from: string | undefined): SQL | undefined {
  if (from === undefined) return undefined;
  const days = chargeDayCounts;
  const earliest = sql`(select min(${days.startedOn}) from ${days} where ${days.finishedOn} >= ${from} and ${days.charges} > 0)`;
  return sql`${charges.startedAt} >= ${dayStart(earliest)}`;
}

/**
 * Promotions' charges start between the first and the last start of each promotion's charges,
 * which charges_promotion_idx gives in one step per promotion. Without these bounds, a list of
 * several promotions (not ordered by start in that index) was read by walking every charge from
 * the newest back until enough of theirs were met: all the charges since an old promotion ended.
 */
function startBoundsOfPromotions(ids: number[] | undefined): SQL[] {
  if (!ids) return [];
  const edge = (end: 'min' | 'max') => {
    const aggregate = sql.raw(end);
    return sql`(select ${aggregate}(edge) from unnest(${`{${ids.join(',')}}`}::int[]) as promotion(id)
      cross join lateral (select ${aggregate}(${charges.startedAt}) as edge from ${charges} where ${charges.promotionId} = promotion.id) as edges)`;
  };
  return [sql`${charges.startedAt} >= ${edge('min')}`, sql`${charges.startedAt} <= ${edge('max')}`];
}

/** The list's filters as a condition (the list, its count and the export). */
export function chargeWhere(filter: ChargeFilter): SQL | undefined {
  return and(
    filter.id === undefined ? undefined : eq(charges.id, filter.id),
    filter.stationIds ? inArray(charges.stationId, filter.stationIds) : undefined,
    filter.statuses ? inArray(charges.status, filter.statuses) : undefined,
    filter.driverId === undefined ? undefined : eq(charges.driverId, filter.driverId),
    filter.reviewReasons ? inArray(charges.reviewReason, filter.reviewReasons) : undefined,
    filter.sources ? inArray(charges.source, filter.sources) : undefined,
    filter.promotionIds ? inArray(charges.promotionId, filter.promotionIds) : undefined,
    ...startBoundsOfPromotions(filter.promotionIds),
    ...withinDays(charges.startedAt, filter.startedFrom, filter.startedTo),
    ...withinDays(charges.finishedAt, filter.finishedFrom, filter.finishedTo),
    // Nothing finishes before it starts (a check constraint): the finish's bound is also the start's,
    // which lets the newest-first walk begin at the right place.
    ...withinDays(charges.startedAt, undefined, filter.finishedTo),
    startBoundOfFinishedFrom(filter.finishedFrom),
    finishedTimeWithin(filter.finishedTimeFrom, filter.finishedTimeTo),
  );
}

/** The open charges (initiated, charging, paused) of these stations. */
export function openChargesOf(stationIds: readonly number[]): SQL {
  return and(inArray(charges.stationId, [...stationIds]), inArray(charges.status, [...OPEN_STATUSES]))!;
}
