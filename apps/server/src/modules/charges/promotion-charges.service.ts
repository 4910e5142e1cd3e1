import { and, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { charges } from '../../db/schema/charges.ts';
import { withinDays } from '../../lib/periods.ts';

/*
 * Which charges the promotions report sums (read-models/promotion-report.read-model.ts): the
 * completed, paid ones a promotion discounted (docs/decisions.md 'Promotions'). Written here, as
 * the charge list's filters are, so the read model takes the charges module's condition as SQL.
 */

// ---- For other modules

export interface PromotionChargeFilter {
  promotionIds?: number[] | undefined;
  stationIds?: number[] | undefined;
  /** Bishkek days of the start, both included. */
  startedFrom?: string | undefined;
  startedTo?: string | undefined;
}

/**
 * Finished or stopped with energy delivered (result successful, so its total was debited), with a
 * promotion: the partial index charges_promotion_idx (promotion_id, started_at) serves the period.
 */
export function paidPromotionChargesWhere(filter: PromotionChargeFilter): SQL {
  return and(
    isNotNull(charges.promotionId),
    inArray(charges.status, ['finished', 'stopped']),
    eq(charges.result, 'successful'),
    filter.promotionIds ? inArray(charges.promotionId, filter.promotionIds) : undefined,
    filter.stationIds ? inArray(charges.stationId, filter.stationIds) : undefined,
    ...withinDays(charges.startedAt, filter.startedFrom, filter.startedTo),
  )!;
}
