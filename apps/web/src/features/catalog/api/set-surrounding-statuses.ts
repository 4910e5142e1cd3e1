import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StatusesRequest, Surrounding } from '@evcms/contracts/catalog';
import { catalogQueryKeys } from '../../../components/catalog-picker/catalog-queries.ts';
import { http } from '../../../lib/http.ts';

/** Every id changes or none does; unknown ids answer 404 naming them. */
export function setSurroundingStatuses(body: StatusesRequest): Promise<Surrounding[]> {
  return http.patch<Surrounding[]>('/common/surroundings/statuses/', body);
}

export function setSurroundingStatusesMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['catalog', 'surroundings', 'set-statuses'],
    mutationFn: setSurroundingStatuses,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogQueryKeys.surroundings }),
  });
}

export function useSetSurroundingStatuses() {
  return useMutation(setSurroundingStatusesMutationOptions(useQueryClient()));
}
