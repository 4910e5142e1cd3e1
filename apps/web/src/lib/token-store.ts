/**
 * The session's two tokens, kept in local storage under 'access' and 'refresh' (the
 * specification's keys) and mirrored in memory so React can subscribe. Signed in means both exist.
 *
 * It lives in lib, not app/session, because the HTTP client and the sign-in feature need it and
 * imports flow lib -> features -> app.
 */
export const ACCESS_KEY = 'access';
export const REFRESH_KEY = 'refresh';

export interface Tokens {
  access: string | null;
  refresh: string | null;
}

type Listener = () => void;

// Bearer tokens are token68 (RFC 6750); anything else in storage is garbage, not a token.
const TOKEN_PATTERN = /^[A-Za-z0-9\-._~+/]+=*$/;
const TOKEN_MAX = 8192;

export function isTokenValue(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= TOKEN_MAX && TOKEN_PATTERN.test(value);
}

function read(key: string): string | null {
  try {
    const value = localStorage.getItem(key);
    return isTokenValue(value) ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage may be full or blocked; the in-memory state still holds the session for this tab.
  }
}

let state: Tokens = { access: read(ACCESS_KEY), refresh: read(REFRESH_KEY) };
let signedIn = Boolean(state.access && state.refresh);
const listeners = new Set<Listener>();

function update(next: Tokens) {
  if (next.access === state.access && next.refresh === state.refresh) return;
  state = next;
  signedIn = Boolean(state.access && state.refresh);
  for (const listener of [...listeners]) listener();
}

export const tokenStore = {
  getAccess: (): string | null => state.access,
  getRefresh: (): string | null => state.refresh,
  /** Stable between changes, so it can be a useSyncExternalStore snapshot. */
  isSignedIn: (): boolean => signedIn,

  /** Stores a new pair (sign-in) or a new access token with an optional rotated refresh token. */
  setTokens(tokens: { access: string; refresh?: string | undefined }) {
    write(ACCESS_KEY, tokens.access);
    if (tokens.refresh !== undefined) write(REFRESH_KEY, tokens.refresh);
    update({ access: tokens.access, refresh: tokens.refresh ?? state.refresh });
  },

  /** Adopts a token another tab wrote; storage already holds it, so only memory changes. */
  mirror(key: typeof ACCESS_KEY | typeof REFRESH_KEY, value: string) {
    update({ ...state, [key]: value });
  },

  /** Forgets both tokens in memory and in storage. */
  clear() {
    write(ACCESS_KEY, null);
    write(REFRESH_KEY, null);
    update({ access: null, refresh: null });
  },

  /** Re-reads storage: for tests and for a tab that must trust storage over memory. */
  reload() {
    update({ access: read(ACCESS_KEY), refresh: read(REFRESH_KEY) });
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
