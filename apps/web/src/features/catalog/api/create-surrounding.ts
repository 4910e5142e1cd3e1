import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Surrounding } from '@evcms/contracts/catalog';
import { catalogQueryKeys } from '../../../components/catalog-picker/catalog-queries.ts';
import { http } from '../../../lib/http.ts';
import { surroundingFormData, type SurroundingFields } from './surrounding-multipart.ts';

export type CreateSurroundingFields = Required<Omit<SurroundingFields, 'active'>> & { active: boolean };

export function createSurrounding(fields: CreateSurroundingFields): Promise<Surrounding> {
  return http.post<Surrounding>('/common/surroundings/', surroundingFormData(fields));
}

export function createSurroundingMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['catalog', 'surroundings', 'create'],
    mutationFn: createSurrounding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogQueryKeys.surroundings }),
  });
}

export function useCreateSurrounding() {
  return useMutation(createSurroundingMutationOptions(useQueryClient()));
}
