import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@evcms/contracts/common';
import type { MerchantListItem } from '@evcms/contracts/merchants';
import { http } from '../../../lib/http.ts';
import { merchantKeys } from './merchant-keys.ts';

/** The list's filters as the URL keeps them: `active` is 'true' or 'false', absent for all. */
export interface MerchantListParams {
  page: number;
  size: number;
  search?: string;
  active?: string;
}

export function listMerchants(params: MerchantListParams, signal?: AbortSignal): Promise<Paged<MerchantListItem>> {
  return http.get<Paged<MerchantListItem>>('/merchants/', { query: { ...params }, signal });
}

export function listMerchantsQueryOptions(params: MerchantListParams) {
  return queryOptions({
    queryKey: [...merchantKeys.lists, params],
    queryFn: ({ signal }) => listMerchants(params, signal),
    // The old page stays on screen while the next one loads, instead of an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useMerchants(params: MerchantListParams) {
  return useQuery(listMerchantsQueryOptions(params));
}
