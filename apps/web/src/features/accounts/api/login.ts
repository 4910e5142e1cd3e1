import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { LoginRequest, TokenPair } from '@evcms/contracts/accounts';
import { http } from '../../../lib/http.ts';
import { tokenStore } from '../../../lib/token-store.ts';

export function login(body: LoginRequest): Promise<TokenPair> {
  return http.post<TokenPair>('/accounts/login/', body, { auth: false });
}

/** Signs in and stores the pair; the session switches the app to the signed-in routes. */
export function loginMutationOptions() {
  return mutationOptions({
    mutationKey: ['accounts', 'login'],
    mutationFn: login,
    onSuccess: (tokens: TokenPair) => tokenStore.setTokens(tokens),
  });
}

export function useLogin() {
  return useMutation(loginMutationOptions());
}
