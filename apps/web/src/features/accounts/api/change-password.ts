import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@evcms/contracts/accounts';
import { http } from '../../../lib/http.ts';

export function changePassword(body: ChangePasswordRequest): Promise<{ detail: string }> {
  return http.post<{ detail: string }>('/accounts/change-password/', body);
}

export function changePasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['accounts', 'change-password'], mutationFn: changePassword });
}

export function useChangePassword() {
  return useMutation(changePasswordMutationOptions());
}
