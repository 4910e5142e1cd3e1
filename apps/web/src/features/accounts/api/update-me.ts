import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Manager, UpdateMeRequest } from '@evcms/contracts/accounts';
import { http } from '../../../lib/http.ts';
import { getMeQueryOptions } from './get-me.ts';

export function updateMe(body: UpdateMeRequest): Promise<Manager> {
  return http.patch<Manager>('/accounts/me/', body);
}

export function updateMeMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['accounts', 'update-me'],
    mutationFn: updateMe,
    // The answer is the new profile: the header's name changes without another request.
    onSuccess: (manager: Manager) => queryClient.setQueryData(getMeQueryOptions().queryKey, manager),
  });
}

export function useUpdateMe() {
  return useMutation(updateMeMutationOptions(useQueryClient()));
}
