import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Merchant } from '@evcms/contracts/merchants';
import { http } from '../../../lib/http.ts';
import { merchantKeys } from './merchant-keys.ts';

export function getMerchant(id: number, signal?: AbortSignal): Promise<Merchant> {
  return http.get<Merchant>(`/merchants/${id}/`, { signal });
}

export function getMerchantQueryOptions(id: number) {
  return queryOptions({ queryKey: merchantKeys.detail(id), queryFn: ({ signal }) => getMerchant(id, signal) });
}

export function useMerchant(id: number) {
  return useQuery(getMerchantQueryOptions(id));
}
