import type { LoginRequest, TokenPair } from '@evcms/contracts/accounts';
import { http } from '../../../lib/http.ts';
import { tokenStore } from '../../../lib/token-store.ts';
import { useAction } from '../../../lib/use-action.ts';

export function login(body: LoginRequest): Promise<TokenPair> {
  return http.post<TokenPair>('/accounts/login/', body, { auth: false });
}

/** Signs in and stores the pair; the session switches the app to the signed-in routes. */
async function signIn(body: LoginRequest): Promise<TokenPair> {
  const tokens = await login(body);
  tokenStore.setTokens(tokens);
  return tokens;
}

/** A signed-out screen: useAction, not TanStack Query (see lib/use-action.ts). */
export function useLogin() {
  return useAction(signIn);
}
