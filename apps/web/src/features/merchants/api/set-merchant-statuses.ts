import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StatusesRequest } from '@evcms/contracts/catalog';
import type { MerchantListItem } from '@evcms/contracts/merchants';
import { http } from '../../../lib/http.ts';
import { merchantKeys } from './merchant-keys.ts';

/** Every id changes or none does; the answer is the changed merchants as list rows. */
export function setMerchantStatuses(body: StatusesRequest): Promise<MerchantListItem[]> {
  return http.patch<MerchantListItem[]>('/merchants/statuses/', body);
}

export function setMerchantStatusesMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['merchants', 'statuses'],
    mutationFn: setMerchantStatuses,
    // Lists, detail pages and edit forms all show the status.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.all }),
  });
}

export function useSetMerchantStatuses() {
  return useMutation(setMerchantStatusesMutationOptions(useQueryClient()));
}
