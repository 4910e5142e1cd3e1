import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { PasswordResetConfirm } from '@evcms/contracts/accounts';
import { http } from '../../../lib/http.ts';

export function confirmPasswordReset(body: PasswordResetConfirm): Promise<{ detail: string }> {
  return http.post<{ detail: string }>('/accounts/password-reset/confirm/', body, { auth: false });
}

export function confirmPasswordResetMutationOptions() {
  return mutationOptions({ mutationKey: ['accounts', 'password-reset-confirm'], mutationFn: confirmPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation(confirmPasswordResetMutationOptions());
}
