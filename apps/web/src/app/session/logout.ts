import { LANGUAGE_STORAGE_KEY } from '../../lib/i18n.ts';
import { http } from '../../lib/http.ts';
import { pageLoads } from '../../lib/page-reload.ts';
import { tokenStore } from '../../lib/token-store.ts';

/** Written on logout; other tabs see it in a `storage` event and log out too. */
export const LOGOUT_MARKER_KEY = 'logout';
// The server call is a courtesy (it revokes the refresh token); it must not hold the user here.
const SERVER_LOGOUT_TIMEOUT_MS = 3000;

let ending: Promise<void> | null = null;

async function revokeOnServer(refresh: string) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SERVER_LOGOUT_TIMEOUT_MS);
  try {
    await http.post('/accounts/logout/', { refresh }, { auth: false, signal: controller.signal });
  } catch {
    // Best effort: the tokens are forgotten here whatever the server says.
  } finally {
    clearTimeout(timer);
  }
}

/** Empties local storage except the language choice, which outlives sessions. */
function clearStorageKeepingLanguage() {
  try {
    const language = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    localStorage.clear();
    if (language !== null) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage is unavailable; the in-memory tokens are still cleared below.
  }
}

function writeLogoutMarker() {
  try {
    localStorage.setItem(LOGOUT_MARKER_KEY, String(Date.now()));
  } catch {
    // Other tabs will find out at their next refresh.
  }
}

/**
 * Ends the session: revokes the refresh token on the server (unless it was already refused),
 * clears storage and token state, tells other tabs, and restarts the app at '/'. Calling it again
 * while it runs returns the same promise.
 */
export function logout(options: { revoke?: boolean } = {}): Promise<void> {
  ending ??= (async () => {
    const refresh = tokenStore.getRefresh();
    if (options.revoke !== false && refresh) await revokeOnServer(refresh);
    clearStorageKeepingLanguage();
    tokenStore.clear();
    writeLogoutMarker();
    pageLoads.restartAt('/');
  })();
  return ending;
}

/** Another tab logged out: it already told the server and cleared storage; follow it here. */
export function followLogoutOfOtherTab(): void {
  // A signed-out tab (say, halfway through a password reset) has nothing to end.
  if (ending || (!tokenStore.getAccess() && !tokenStore.getRefresh())) return;
  ending = Promise.resolve();
  tokenStore.clear();
  pageLoads.restartAt('/');
}

/** For tests: forget that a logout ran (the real page reloads instead). */
export function resetLogoutState(): void {
  ending = null;
}
