import { onSessionExpired } from '../../lib/http.ts';
import { mirrorOtherTabs } from './cross-tab.ts';
import { logout } from './logout.ts';

/**
 * Wires the session into the app: a refused refresh token logs out (there is nothing left to
 * revoke), and other tabs' logins, refreshes and logouts are followed. Returns the undo, for tests.
 */
export function installSession(): () => void {
  onSessionExpired(() => void logout({ revoke: false }));
  return mirrorOtherTabs();
}
