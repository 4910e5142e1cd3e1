import { ACCESS_KEY, isTokenValue, REFRESH_KEY, tokenStore } from '../../lib/token-store.ts';
import { followLogoutOfOtherTab, LOGOUT_MARKER_KEY } from './logout.ts';

// A marker is a millisecond timestamp; anything else did not come from our logout.
function isLogoutMarker(value: unknown): boolean {
  return typeof value === 'string' && /^\d{1,16}$/.test(value) && Number(value) > 0;
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Mirrors what another tab did to the session. `storage` events arrive only from other tabs.
 * Token writes are adopted; a logout marker logs this tab out. Anything malformed (another
 * storage area, an unknown key, a missing, empty or non-token value) is ignored: a removed token
 * alone is not a logout, the marker is.
 */
export function handleStorageEvent(event: Event): void {
  if (!(event instanceof StorageEvent)) return;
  const area = localStorageOrNull();
  if (!area || event.storageArea !== area) return;
  const { key, newValue } = event;
  if (key === ACCESS_KEY || key === REFRESH_KEY) {
    if (isTokenValue(newValue)) tokenStore.mirror(key, newValue);
  } else if (key === LOGOUT_MARKER_KEY) {
    if (isLogoutMarker(newValue)) followLogoutOfOtherTab();
  }
}

/** Starts mirroring other tabs; returns the function that stops it. */
export function mirrorOtherTabs(): () => void {
  window.addEventListener('storage', handleStorageEvent);
  return () => window.removeEventListener('storage', handleStorageEvent);
}
