import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { localDate } from '@evcms/contracts/dates';
import type { PartnerReport } from '@evcms/contracts/partners';
import { http } from '../../lib/http.ts';

/* /partners/report/: per partner, its stations, the charges its merchants completed in a period, and the fee due. */

export interface ReportPeriod {
  period__from: string;
  period__to: string;
}

/** The current month in Bishkek, first to last day: the report's period until another is picked. */
export function currentMonth(today = localDate()): ReportPeriod {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { period__from: `${today.slice(0, 8)}01`, period__to: `${today.slice(0, 8)}${String(last).padStart(2, '0')}` };
}

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
