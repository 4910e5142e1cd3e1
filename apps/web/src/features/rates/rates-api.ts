import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Paged } from '@evcms/contracts/common';
import type { Rate, RateCreateRequest, RateStatusesRequest, RateUpdateRequest } from '@evcms/contracts/rates';
import type { StatusesRequest } from '@evcms/contracts/status';
import { DEFAULT_RATE_FEES_KEY } from '../../lib/connector-dictionaries.ts';
import { http } from '../../lib/http.ts';
import { merchantOptionsQueryOptions } from '../../lib/picker-options.ts';
import { resourceApi } from '../../lib/resource-api.ts';

/**
 * The list's filters as the URL keeps them: `active` 'true' or 'false'; `default` 'true' for
 * default rates, 'false' for personal ones; `typo` a connector type key. Absent: no filter.
 */
export interface RateListParams {
  page: number;
  size: number;
  search?: string;
  active?: string;
  default?: string;
  typo?: string;
}

const base = resourceApi<{
  row: Rate;
  params: RateListParams;
  item: Rate;
  create: RateCreateRequest;
  update: RateUpdateRequest;
  detail: true;
  remove: true;
}>({ path: '/payments/', key: ['rates'] });

/** Spec 4 'Rate update': the rates a bulk change answers replace the rows with their ids; other rows stay. */
export function mergeRates(page: Paged<Rate>, changed: readonly Rate[]): Paged<Rate> {
  const byId = new Map(changed.map((rate) => [rate.id, rate]));
  if (!page.items.some((row) => byId.has(row.id))) return page;
  return { ...page, items: page.items.map((row) => byId.get(row.id) ?? row) };
}

/** The body of the bulk PATCH /payments/: one entry per rate with its new status. */
export function statusChanges({ ids, status }: StatusesRequest): RateStatusesRequest {
  return ids.map((id) => ({ id, status }));
}

/**
 * /payments/: the rate list, one rate, create, update (only the changed fields; an active rate
 * takes only its status), delete (inactive rates only), the bulk status change, and what the
 * screens pick from: connector types and merchants.
 */
export const ratesApi = {
  ...base,
  /**
   * The list screen's bulk button and status switch: `PATCH /payments/` with `[{id, status}]`, all
   * or none. The answered rates are merged into the lists on screen by id (spec 4); the lists are
   * marked stale, so a filter or a page asked for next is read afresh.
   */
  setStatuses: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...base.keys.all, 'statuses'],
      mutationFn: (request: StatusesRequest) => http.patch<Rate[]>('/payments/', statusChanges(request)),
      onSuccess: async (rates) => {
        queryClient.setQueriesData<Paged<Rate>>(
          { queryKey: base.keys.lists },
          (page) => page && mergeRates(page, rates),
        );
        for (const rate of rates) queryClient.setQueryData(base.keys.detail(rate.id), rate);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: base.keys.lists, refetchType: 'none' }),
          queryClient.invalidateQueries({ queryKey: DEFAULT_RATE_FEES_KEY }),
        ]);
      },
    }),
  /** Merchants by name for the personal rate's picker. */
  merchantOptionsQueryOptions,
};
