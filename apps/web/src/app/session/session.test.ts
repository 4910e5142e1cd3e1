import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { http } from '../../lib/http.ts';
import { pageLoads } from '../../lib/page-reload.ts';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { handleStorageEvent } from './cross-tab.ts';
import { installSession } from './install-session.ts';
import { logout, LOGOUT_MARKER_KEY, resetLogoutState } from './logout.ts';

function storageEvent(init: StorageEventInit) {
  return new StorageEvent('storage', { storageArea: localStorage, ...init });
}

/**
 * Dispatches as the browser does. An exception in a listener does not reach the caller of
 * dispatchEvent (so `expect(...).not.toThrow()` would always pass); it is reported as an `error`
 * event on the window, which is what this collects.
 */
function dispatchCatchingErrors(event: Event): unknown[] {
  const errors: unknown[] = [];
  const collect = (report: ErrorEvent) => {
    errors.push(report.error);
    report.preventDefault();
  };
  window.addEventListener('error', collect);
  try {
    window.dispatchEvent(event);
  } finally {
    window.removeEventListener('error', collect);
  }
  return errors;
}

let uninstall: () => void;
// jsdom cannot navigate; the restart is what we check.
let restartAt: MockInstance<(path: string) => void>;

beforeEach(() => {
  uninstall = installSession();
  resetLogoutState();
  restartAt = vi.spyOn(pageLoads, 'restartAt').mockImplementation(() => undefined);
  tokenStore.setTokens({ access: 'access-1', refresh: 'refresh-1' });
});

afterEach(() => {
  uninstall();
  tokenStore.clear();
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it('revokes the refresh token, clears storage but the language, tells other tabs and restarts at /', async () => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('some-cache', 'x');
    const api = stubFetch({ 'POST /accounts/logout/': () => new Response(null, { status: 204 }) });

    await logout();

    expect(api.callsTo('POST /accounts/logout/')[0]!.json()).toEqual({ refresh: 'refresh-1' });
    expect(tokenStore.isSignedIn()).toBe(false);
    expect(Object.keys(localStorage).sort()).toEqual(['language', LOGOUT_MARKER_KEY]);
    expect(localStorage.getItem('language')).toBe('en');
    expect(Number(localStorage.getItem(LOGOUT_MARKER_KEY))).toBeGreaterThan(0);
    expect(restartAt).toHaveBeenCalledWith('/');
  });

  it('still logs out when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await logout();
    expect(tokenStore.isSignedIn()).toBe(false);
    expect(restartAt).toHaveBeenCalledTimes(1);
  });

  it('runs once when asked twice', async () => {
    const api = stubFetch({ 'POST /accounts/logout/': () => new Response(null, { status: 204 }) });
    await Promise.all([logout(), logout()]);
    expect(api.callsTo('POST /accounts/logout/')).toHaveLength(1);
    expect(restartAt).toHaveBeenCalledTimes(1);
  });
});

describe('a refused refresh token', () => {
  it('logs out without calling the server logout', async () => {
    localStorage.setItem('language', 'ky');
    const api = stubFetch({
      'GET /accounts/me/': () => jsonResponse(401),
      'POST /accounts/refresh/': () => jsonResponse(401, { detail: 'expired' }),
      'POST /accounts/logout/': () => new Response(null, { status: 204 }),
    });

    await expect(http.get('/accounts/me/')).rejects.toMatchObject({ status: 401 });

    await vi.waitFor(() => expect(restartAt).toHaveBeenCalledWith('/'));
    expect(tokenStore.isSignedIn()).toBe(false);
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('language')).toBe('ky');
    expect(api.callsTo('POST /accounts/logout/')).toHaveLength(0);
  });
});

describe('other tabs', () => {
  it('mirrors tokens written by another tab', () => {
    window.dispatchEvent(storageEvent({ key: 'access', newValue: 'access-2', oldValue: 'access-1' }));
    window.dispatchEvent(storageEvent({ key: 'refresh', newValue: 'refresh-2', oldValue: 'refresh-1' }));
    expect(tokenStore.getAccess()).toBe('access-2');
    expect(tokenStore.getRefresh()).toBe('refresh-2');
  });

  it('signs this tab in when another tab signs in', () => {
    tokenStore.clear();
    const seen = vi.fn();
    const unsubscribe = tokenStore.subscribe(seen);
    window.dispatchEvent(storageEvent({ key: 'access', newValue: 'eyJhbGciOiJIUzI1NiJ9.e30.sig' }));
    expect(tokenStore.isSignedIn()).toBe(false);
    window.dispatchEvent(storageEvent({ key: 'refresh', newValue: 'Zm9vYmFy_-' }));
    expect(tokenStore.isSignedIn()).toBe(true);
    expect(seen).toHaveBeenCalled();
    unsubscribe();
  });

  it('logs this tab out when another tab writes the logout marker', () => {
    window.dispatchEvent(storageEvent({ key: LOGOUT_MARKER_KEY, newValue: String(Date.now()) }));
    expect(tokenStore.isSignedIn()).toBe(false);
    expect(restartAt).toHaveBeenCalledWith('/');
  });

  it('leaves a signed-out tab alone when another tab logs out', () => {
    tokenStore.clear();
    window.dispatchEvent(storageEvent({ key: LOGOUT_MARKER_KEY, newValue: String(Date.now()) }));
    expect(restartAt).not.toHaveBeenCalled();
  });

  it.each([
    ['an unknown key', { key: 'something', newValue: 'access-9' }],
    ['a cleared storage (no key)', { key: null, newValue: null }],
    ['a removed token', { key: 'access', newValue: null }],
    ['an empty token', { key: 'refresh', newValue: '' }],
    ['a token with spaces', { key: 'access', newValue: 'not a token' }],
    ['a token that is JSON', { key: 'access', newValue: '{"access":"x"}' }],
    ['the string undefined in quotes', { key: 'refresh', newValue: '"undefined"' }],
    ['a marker that is not a time', { key: LOGOUT_MARKER_KEY, newValue: 'soon' }],
    ['an empty marker', { key: LOGOUT_MARKER_KEY, newValue: '' }],
    ['a removed marker', { key: LOGOUT_MARKER_KEY, newValue: null }],
  ])('ignores %s', (_name, init) => {
    const seen = vi.fn();
    const unsubscribe = tokenStore.subscribe(seen);
    const errors = dispatchCatchingErrors(storageEvent(init));
    unsubscribe();
    // The tab keeps its session as it was, and no listener failed on the odd value.
    expect(tokenStore.getAccess()).toBe('access-1');
    expect(tokenStore.getRefresh()).toBe('refresh-1');
    expect(tokenStore.isSignedIn()).toBe(true);
    expect(seen).not.toHaveBeenCalled();
    expect(restartAt).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
  });

  it('ignores events of session storage and events that are not storage events', () => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: LOGOUT_MARKER_KEY, newValue: '1', storageArea: sessionStorage }),
    );
    window.dispatchEvent(new Event('storage'));
    handleStorageEvent(new CustomEvent('storage', { detail: { key: 'access' } }));
    expect(tokenStore.isSignedIn()).toBe(true);
    expect(restartAt).not.toHaveBeenCalled();
  });
});
