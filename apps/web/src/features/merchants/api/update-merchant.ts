import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Merchant, MerchantUpdateRequest } from '@evcms/contracts/merchants';
import { http } from '../../../lib/http.ts';
import { merchantKeys } from './merchant-keys.ts';

export interface UpdateMerchantVariables {
  id: number;
  /** Only the fields that changed; a list sent replaces the whole list. */
  changes: MerchantUpdateRequest;
}

export function updateMerchant({ id, changes }: UpdateMerchantVariables): Promise<Merchant> {
  return http.patch<Merchant>(`/merchants/${id}/`, changes);
}

export function updateMerchantMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['merchants', 'update'],
    mutationFn: updateMerchant,
    onSuccess: async (merchant: Merchant) => {
      queryClient.setQueryData(merchantKeys.detail(merchant.id), merchant);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: merchantKeys.lists }),
        queryClient.invalidateQueries({ queryKey: merchantKeys.forUpdate(merchant.id) }),
      ]);
    },
  });
}

export function useUpdateMerchant() {
  return useMutation(updateMerchantMutationOptions(useQueryClient()));
}
