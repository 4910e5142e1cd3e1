import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StatusesRequest, Tag } from '@evcms/contracts/catalog';
import { catalogQueryKeys } from '../../../components/catalog-picker/catalog-queries.ts';
import { http } from '../../../lib/http.ts';

/** Every id changes or none does; unknown ids answer 404 naming them. */
export function setTagStatuses(body: StatusesRequest): Promise<Tag[]> {
  return http.patch<Tag[]>('/common/tags/statuses/', body);
}

export function setTagStatusesMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['catalog', 'tags', 'set-statuses'],
    mutationFn: setTagStatuses,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogQueryKeys.tags }),
  });
}

export function useSetTagStatuses() {
  return useMutation(setTagStatusesMutationOptions(useQueryClient()));
}
