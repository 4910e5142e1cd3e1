import { chargeListQuery } from '@evcms/contracts/charges';
import { contractFilters } from '../../lib/list-filters.ts';

/*
 * The charge list's filters, kept in the URL under the API's own names (spec 3 'List filters'):
 * the number, stations and statuses as comma lists, the start's and the finish's Bishkek days as
 * YYYY-MM-DD, the finish's time of day as HH:mm:ss, `user`, one driver (the driver's page
 * links here with it), `review`, the reasons a charge was marked for review, `source`, how
 * charges were started (PRODUCT.md 'Charge source'), and `promotion_id__in`, the promotions that
 * discounted them, as comma lists.
 */

export const CHARGE_FILTERS = [
  'search_by_tx_id',
  'station_id__in',
  'status',
  'period__from',
  'period__to',
  'finished_date__from',
  'finished_date__to',
  'finished_time__from',
  'finished_time__to',
  'user',
  'review',
  'source',
  'promotion_id__in',
] as const;
export type ChargeFilter = (typeof CHARGE_FILTERS)[number];

/** The filters as the URL holds them -> what is sent; malformed ones are left out. */
export const chargeFiltersToSend = contractFilters(chargeListQuery.shape, CHARGE_FILTERS);

/** A sent comma list (`3,5`) as the select holds it; none when the filter is not in force. */
export function listValues(sent: string | undefined): string[] {
  return sent ? sent.split(',') : [];
}

/** What a multiple select chose, as the URL keeps it: comma-joined, or no filter when nothing is chosen. */
export function listFilter(values: readonly (string | number)[]): string | null {
  return values.length ? values.join(',') : null;
}
