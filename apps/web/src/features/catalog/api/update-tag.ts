import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Tag, TagUpdateRequest } from '@evcms/contracts/catalog';
import { catalogQueryKeys } from '../../../components/catalog-picker/catalog-queries.ts';
import { http } from '../../../lib/http.ts';

export interface UpdateTagVariables {
  id: number;
  /** Only the fields that changed. */
  body: TagUpdateRequest;
}

export function updateTag({ id, body }: UpdateTagVariables): Promise<Tag> {
  return http.patch<Tag>(`/common/tags/${id}/`, body);
}

export function updateTagMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['catalog', 'tags', 'update'],
    mutationFn: updateTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogQueryKeys.tags }),
  });
}

export function useUpdateTag() {
  return useMutation(updateTagMutationOptions(useQueryClient()));
}
