import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Surrounding } from '@evcms/contracts/catalog';
import { catalogQueryKeys } from '../../../components/catalog-picker/catalog-queries.ts';
import { http } from '../../../lib/http.ts';
import { surroundingFormData, type SurroundingFields } from './surrounding-multipart.ts';

export interface UpdateSurroundingVariables {
  id: number;
  /** Only the fields that changed; the icon only when a new file was chosen. */
  fields: SurroundingFields;
}

export function updateSurrounding({ id, fields }: UpdateSurroundingVariables): Promise<Surrounding> {
  return http.patch<Surrounding>(`/common/surroundings/${id}/`, surroundingFormData(fields));
}

export function updateSurroundingMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['catalog', 'surroundings', 'update'],
    mutationFn: updateSurrounding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogQueryKeys.surroundings }),
  });
}

export function useUpdateSurrounding() {
  return useMutation(updateSurroundingMutationOptions(useQueryClient()));
}
