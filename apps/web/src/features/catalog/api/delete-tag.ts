import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { catalogQueryKeys } from '../../../components/catalog-picker/catalog-queries.ts';
import { http } from '../../../lib/http.ts';

/** Refused with 409 and a localised `detail` while the tag is active. */
export function deleteTag(id: number): Promise<void> {
  return http.delete<void>(`/common/tags/${id}/`);
}

export function deleteTagMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['catalog', 'tags', 'delete'],
    mutationFn: deleteTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogQueryKeys.tags }),
  });
}

export function useDeleteTag() {
  return useMutation(deleteTagMutationOptions(useQueryClient()));
}
