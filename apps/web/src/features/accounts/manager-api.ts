import { mutationOptions, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, Manager, UpdateMeRequest } from '@evcms/contracts/accounts';
import { http } from '../../lib/http.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';

/*
 * The signed-in manager's own account (/accounts/me/, /accounts/change-password/): one record, no
 * collection, so no resourceApi; its mutations take the query client as the factory's do, for
 * `useResourceMutation(managerApi.updateMe)`.
 */
const ME_KEY = ['accounts', 'me'] as const;

export function getMe(signal?: AbortSignal): Promise<Manager> {
  return http.get<Manager>('/accounts/me/', { signal });
}

export const managerApi = {
  me: () => queryOptions({ queryKey: ME_KEY, queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60_000 }),

  updateMe: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: ['accounts', 'update-me'],
      mutationFn: (body: UpdateMeRequest) => http.patch<Manager>('/accounts/me/', body),
      // The answer is the new profile: the header's name changes without another request.
      onSuccess: (manager: Manager) => queryClient.setQueryData(ME_KEY, manager),
    }),

  changePassword: () =>
    mutationOptions({
      mutationKey: ['accounts', 'change-password'],
      mutationFn: (body: ChangePasswordRequest) => http.post<{ detail: string }>('/accounts/change-password/', body),
    }),
};

export function useMe() {
  return useQuery(managerApi.me());
}

export const useUpdateMe = () => useResourceMutation(managerApi.updateMe);
export const useChangePassword = () => useResourceMutation(managerApi.changePassword);
