import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Paged } from '@evcms/contracts/common';
import type { MerchantOption } from '@evcms/contracts/merchants';
import { http } from './http.ts';

/** Paged picker lists of the merchants resource; under its root key, so that a change to merchants reaches them. */
const MERCHANT_OPTIONS_KEY = ['merchants', 'options'];

/**
 * Merchants by name for a picker (`/merchants/for-promotion/`: the personal rate's merchants, the
 * promotion's initiator); `search` empty gives the newest, `size` up to 1000.
 */
export function merchantOptionsQueryOptions(params: { search?: string; size: number }) {
  return queryOptions({
    // Typed as a plain query key so the shared search selects take these options.
    queryKey: [...MERCHANT_OPTIONS_KEY, params] as QueryKey,
    queryFn: ({ signal }) =>
      http.get<Paged<MerchantOption>>('/merchants/for-promotion/', { query: { page: 1, ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}
