import { mutationOptions, useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** The server answers the same for any address, so the form cannot be used to find accounts. */
export function requestPasswordReset(body: { email: string }): Promise<{ detail: string }> {
  return http.post<{ detail: string }>('/accounts/password-reset/', body, { auth: false });
}

export function requestPasswordResetMutationOptions() {
  return mutationOptions({ mutationKey: ['accounts', 'password-reset'], mutationFn: requestPasswordReset });
}

export function useRequestPasswordReset() {
  return useMutation(requestPasswordResetMutationOptions());
}
