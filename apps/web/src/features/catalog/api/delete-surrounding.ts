import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { catalogQueryKeys } from '../../../components/catalog-picker/catalog-queries.ts';
import { http } from '../../../lib/http.ts';

/** Refused with 409 and a localised `detail` while the item is active; the server removes its icon file. */
export function deleteSurrounding(id: number): Promise<void> {
  return http.delete<void>(`/common/surroundings/${id}/`);
}

export function deleteSurroundingMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['catalog', 'surroundings', 'delete'],
    mutationFn: deleteSurrounding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogQueryKeys.surroundings }),
  });
}

export function useDeleteSurrounding() {
  return useMutation(deleteSurroundingMutationOptions(useQueryClient()));
}
