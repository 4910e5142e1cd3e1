import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PartnerReport } from '@evcms/contracts/partners';
import { http } from '../../lib/http.ts';
import type { ReportPeriod } from '../../lib/report-period.ts';

/* /partners/report/: per partner, its stations, the charges its merchants completed in a period, and the fee due. */

// Under the partners' root key: a partner changed reads the report again.
const keys = { all: ['partners', 'report'] as const };

export const partnerReportApi = {
  keys,
  reportQueryOptions: (period: ReportPeriod) =>
    queryOptions({
      queryKey: [...keys.all, period],
      queryFn: ({ signal }) => http.get<PartnerReport>('/partners/report/', { query: { ...period }, signal }),
      placeholderData: keepPreviousData,
    }),
};
