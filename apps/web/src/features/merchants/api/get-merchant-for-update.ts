import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchantForUpdate } from '@evcms/contracts/merchants';
import { http } from '../../../lib/http.ts';
import { merchantKeys } from './merchant-keys.ts';

export function getMerchantForUpdate(id: number, signal?: AbortSignal): Promise<MerchantForUpdate> {
  return http.get<MerchantForUpdate>(`/merchants/for-update/${id}/`, { signal });
}

export function getMerchantForUpdateQueryOptions(id: number) {
  return queryOptions({
    queryKey: merchantKeys.forUpdate(id),
    queryFn: ({ signal }) => getMerchantForUpdate(id, signal),
    // The form starts from what is stored now, not from a copy cached before someone else saved.
    staleTime: 0,
  });
}

export function useMerchantForUpdate(id: number) {
  return useQuery(getMerchantForUpdateQueryOptions(id));
}
