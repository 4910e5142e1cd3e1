import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { merchantReportQuery, type MerchantReport, type MerchantStationsReport } from '@evcms/contracts/analytics';
import { http } from '../../lib/http.ts';
import { contractFilters } from '../../lib/list-filters.ts';
import { LIVE_REFRESH_MS, refreshOnLiveChange } from '../../lib/live-refresh.ts';
import { merchantOptionsQueryOptions } from '../../lib/picker-options.ts';
import type { ReportPeriod } from '../../lib/report-period.ts';

/*
 * /analytics/merchant-report/ (issue 33): per merchant, its stations' completed charges in a
 * period with the turnover split between the merchant and the network; one merchant's stations
 * (the drill-down); and the merchant picker of its filter.
 */

/** The report's filters, kept in the URL under the API's own names: Bishkek days, a comma list of merchants. */
export const MERCHANT_REPORT_FILTERS = ['period__from', 'period__to', 'merchant'] as const;
export type MerchantReportFilter = (typeof MERCHANT_REPORT_FILTERS)[number];

/** The filters as the URL holds them -> what is sent; malformed ones are left out. */
export const merchantReportFiltersToSend = contractFilters(merchantReportQuery.shape, MERCHANT_REPORT_FILTERS);

export type MerchantReportParams = ReportPeriod & { merchant?: string };

// Under the merchants' root key: a merchant renamed or its percentage changed reads the report again.
const keys = { all: ['merchants', 'report'] as const };

export const merchantReportApi = {
  keys,
  /** Every merchant asked for, with the totals; the old answer stays on screen while the next one loads. */
  reportQueryOptions: (params: MerchantReportParams) =>
    queryOptions({
      queryKey: [...keys.all, params],
      queryFn: ({ signal }) =>
        http.get<MerchantReport>('/analytics/merchant-report/', { query: { ...params }, signal }),
      placeholderData: keepPreviousData,
    }),
  /** One merchant's stations for the same period: asked when its row is expanded. */
  stationsQueryOptions: (merchant: number, period: ReportPeriod) =>
    queryOptions({
      queryKey: [...keys.all, 'stations', merchant, period],
      queryFn: ({ signal }) =>
        http.get<MerchantStationsReport>(`/analytics/merchant-report/${merchant}/stations/`, {
          query: { ...period },
          signal,
        }),
    }),
  merchantOptionsQueryOptions,
};

// A charge that completes changes the figures (busy: at most one refresh per 5 s).
refreshOnLiveChange('charges', { keys: () => [keys.all], throttleMs: LIVE_REFRESH_MS });
