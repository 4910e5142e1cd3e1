import type { LoginRequest, PasswordResetConfirm, TokenPair } from '@evcms/contracts/accounts';
import { http } from '../../lib/http.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { useAction } from '../../lib/use-action.ts';

/*
 * The signed-out screens' calls: signing in and password recovery. On useAction, not TanStack
 * Query and the resource factory, which load with the shell: see docs/code-style.md.
 */

export function login(body: LoginRequest): Promise<TokenPair> {
  return http.post<TokenPair>('/accounts/login/', body, { auth: false });
}

/** Signs in and stores the pair; the session switches the app to the signed-in routes. */
async function signIn(body: LoginRequest): Promise<TokenPair> {
  const tokens = await login(body);
  tokenStore.setTokens(tokens);
  return tokens;
}

export function useLogin() {
  return useAction(signIn);
}

/** The server answers the same for any address, so the form cannot be used to find accounts. */
export function requestPasswordReset(body: { email: string }): Promise<{ detail: string }> {
  return http.post<{ detail: string }>('/accounts/password-reset/', body, { auth: false });
}

export function useRequestPasswordReset() {
  return useAction(requestPasswordReset);
}

export function confirmPasswordReset(body: PasswordResetConfirm): Promise<{ detail: string }> {
  return http.post<{ detail: string }>('/accounts/password-reset/confirm/', body, { auth: false });
}

export function useConfirmPasswordReset() {
  return useAction(confirmPasswordReset);
}
