import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged } from '@evcms/contracts/common';
import { promotionReportQuery, type PromotionReport, type PromotionReportRow } from '@evcms/contracts/promotions';
import { http, type QueryValue } from '../../lib/http.ts';
import { contractFilters } from '../../lib/list-filters.ts';
import { promotionOptions, promotionStationOptions } from '../../lib/picker-options.ts';
import { LIVE_REFRESH_MS, refreshOnLiveChange } from '../../lib/live-refresh.ts';

/*
 * /ads/promotions/report/ (issue 31): per promotion, the completed, paid charges it discounted,
 * with the totals of every row the filters keep; and the pickers its filters search.
 */

/** The report's filters, kept in the URL under the API's own names: Bishkek days, comma lists of ids. */
export const PROMOTION_REPORT_FILTERS = ['period__from', 'period__to', 'promotion_id__in', 'station_id__in'] as const;
export type PromotionReportFilter = (typeof PROMOTION_REPORT_FILTERS)[number];

/** The filters as the URL holds them -> what is sent; malformed ones are left out. */
export const promotionReportFiltersToSend = contractFilters(promotionReportQuery.shape, PROMOTION_REPORT_FILTERS);

export type PromotionReportParams = { page: number; size: number } & Partial<Record<PromotionReportFilter, string>>;

/** A row keyed by its promotion, as the list screens key their rows. */
export type PromotionReportLine = PromotionReportRow & { id: number };
type PromotionReportPage = Paged<PromotionReportLine> & Pick<PromotionReport, 'totals'>;

/** The totals a page of the report came with (the list screens type their data as a plain page). */
export function totalsOf(page: Paged<PromotionReportLine> | undefined): PromotionReport['totals'] | undefined {
  return page && 'totals' in page ? (page as PromotionReportPage).totals : undefined;
}

// Under the promotions' root key: a promotion renamed reads the report again.
const keys = { all: ['promotions', 'report'] as const };

export const promotionReportApi = {
  keys,
  /** One page of the report; the old page stays on screen while the next one loads. */
  reportQueryOptions: (params: PromotionReportParams) =>
    queryOptions({
      queryKey: [...keys.all, params],
      queryFn: async ({ signal }): Promise<Paged<PromotionReportLine>> => {
        const report = await http.get<PromotionReport>('/ads/promotions/report/', {
          query: params as Record<string, QueryValue>,
          signal,
        });
        const page: PromotionReportPage = {
          ...report,
          items: report.items.map((row) => ({ ...row, id: row.promotion })),
        };
        return page;
      },
      placeholderData: keepPreviousData,
    }),
  /** The promotion picker: the promotions list searched by number or title. */
  promotionOptionsQueryOptions: promotionOptions,
  /** The station picker: the stations a promotion may be given. */
  stationOptionsQueryOptions: promotionStationOptions,
};

// A charge that completes with a discount changes the figures (busy: at most one refresh per 5 s).
refreshOnLiveChange('charges', { keys: () => [keys.all], throttleMs: LIVE_REFRESH_MS });
