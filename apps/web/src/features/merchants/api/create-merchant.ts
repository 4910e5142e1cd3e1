import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Merchant, MerchantCreateRequest } from '@evcms/contracts/merchants';
import { http } from '../../../lib/http.ts';
import { merchantKeys } from './merchant-keys.ts';

export function createMerchant(body: MerchantCreateRequest): Promise<Merchant> {
  return http.post<Merchant>('/merchants/', body);
}

export function createMerchantMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['merchants', 'create'],
    mutationFn: createMerchant,
    onSuccess: async (merchant: Merchant) => {
      // The answer is the detail page's data: it opens without another request.
      queryClient.setQueryData(merchantKeys.detail(merchant.id), merchant);
      await queryClient.invalidateQueries({ queryKey: merchantKeys.lists });
    },
  });
}

export function useCreateMerchant() {
  return useMutation(createMerchantMutationOptions(useQueryClient()));
}
