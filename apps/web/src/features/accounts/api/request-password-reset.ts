import { http } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-action.ts';

/** The server answers the same for any address, so the form cannot be used to find accounts. */
export function requestPasswordReset(body: { email: string }): Promise<{ detail: string }> {
  return http.post<{ detail: string }>('/accounts/password-reset/', body, { auth: false });
}

/** A signed-out screen: useAction, not TanStack Query (see lib/use-action.ts). */
export function useRequestPasswordReset() {
  return useAction(requestPasswordReset);
}
