import type { PasswordResetConfirm } from '@evcms/contracts/accounts';
import { http } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-action.ts';

export function confirmPasswordReset(body: PasswordResetConfirm): Promise<{ detail: string }> {
  return http.post<{ detail: string }>('/accounts/password-reset/confirm/', body, { auth: false });
}

/** A signed-out screen: useAction, not TanStack Query (see lib/use-action.ts). */
export function useConfirmPasswordReset() {
  return useAction(confirmPasswordReset);
}
