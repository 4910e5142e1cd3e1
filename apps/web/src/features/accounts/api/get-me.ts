import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Manager } from '@evcms/contracts/accounts';
import { http } from '../../../lib/http.ts';

export function getMe(signal?: AbortSignal): Promise<Manager> {
  return http.get<Manager>('/accounts/me/', { signal });
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: ['accounts', 'me'], queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60_000 });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
