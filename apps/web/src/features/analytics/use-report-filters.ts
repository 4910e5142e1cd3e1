import { useDelayedFilters } from '../../components/paged-table/use-delayed-filters.ts';
import { useListParams } from '../../components/paged-table/use-list-params.ts';
import { currentMonth } from '../../lib/report-period.ts';
import {
  MERCHANT_REPORT_FILTERS,
  merchantReportFiltersToSend,
  type MerchantReportParams,
} from './merchant-report-api.ts';

/**
 * The report's filters in the URL: the period (the current month until another is picked, as the
 * partners report has it) and the merchants. The controls show a change at once and the report is
 * asked 500 ms after the last one (spec 2.5), as on the list screens; the report has no pages.
 */
export function useReportFilters() {
  const list = useListParams({ filters: MERCHANT_REPORT_FILTERS });
  const shown = useDelayedFilters(list);
  const month = currentMonth();
  // Only what the API takes: an address edited by hand into a malformed date or id is no filter.
  const inForce = merchantReportFiltersToSend(list.filters);
  const onScreen = merchantReportFiltersToSend(shown.shown);
  const sent: MerchantReportParams = {
    period__from: inForce.period__from ?? month.period__from,
    period__to: inForce.period__to ?? month.period__to,
    ...(inForce.merchant && { merchant: inForce.merchant }),
  };
  return {
    /** What the report is asked with (and the export). */
    sent,
    /** The period and merchants the controls show. */
    period: {
      from: onScreen.period__from ?? month.period__from,
      to: onScreen.period__to ?? month.period__to,
    },
    merchants: onScreen.merchant ? onScreen.merchant.split(',').map(Number) : [],
    /** A change waits: the report on screen is not asked again meanwhile. */
    pending: shown.pending,
    setPeriod: ({ from, to }: { from: string | null; to: string | null }) =>
      shown.setFilters({ period__from: from, period__to: to }),
    setMerchants: (ids: readonly number[]) => shown.setFilter('merchant', ids.length ? ids.join(',') : null),
  };
}
