import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Tag, TagCreateRequest } from '@evcms/contracts/catalog';
import { catalogQueryKeys } from '../../../components/catalog-picker/catalog-queries.ts';
import { http } from '../../../lib/http.ts';

export function createTag(body: TagCreateRequest): Promise<Tag> {
  return http.post<Tag>('/common/tags/', body);
}

export function createTagMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['catalog', 'tags', 'create'],
    mutationFn: createTag,
    // Every list and picker of tags shows the new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogQueryKeys.tags }),
  });
}

export function useCreateTag() {
  return useMutation(createTagMutationOptions(useQueryClient()));
}
