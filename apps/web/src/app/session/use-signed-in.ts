import { useSyncExternalStore } from 'react';
import { tokenStore } from '../../lib/token-store.ts';

/** True while both tokens exist; re-renders when they appear or go (here or in another tab). */
export function useSignedIn(): boolean {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.isSignedIn);
}
