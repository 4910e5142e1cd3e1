import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { pageLoads } from './page-reload.ts';

/**
 * After a deployment the old chunk names are gone and a screen fails to load; a reload fetches
 * the new index. The session-storage flag remembers that we just reloaded, so a chunk that is
 * really broken shows the error instead of reloading forever. It expires, so a later deployment in
 * the same tab may reload again.
 */
export const RELOAD_FLAG_KEY = 'chunk-reload-at';
const FLAG_LIFETIME_MS = 60_000;

function reloadedRecently(): boolean {
  try {
    const at = Number(sessionStorage.getItem(RELOAD_FLAG_KEY));
    return Number.isFinite(at) && at > 0 && Date.now() - at < FLAG_LIFETIME_MS;
  } catch {
    // Without session storage we cannot tell a first failure from a loop; do not risk the loop.
    return true;
  }
}

function forgetReload() {
  try {
    sessionStorage.removeItem(RELOAD_FLAG_KEY);
  } catch {
    // Nothing was stored either.
  }
}

export interface ImportOptions {
  /**
   * Whether a success clears the reload flag (the default). Loads that come with a screen rather
   * than being one (translations) pass false: they succeed at every start, and clearing the flag
   * there would turn a screen chunk that stays broken into a reload loop.
   */
  clearFlag?: boolean;
}

/** Runs a dynamic import; on failure reloads the page once, and rejects if it fails again. */
export async function importWithReload<T>(factory: () => Promise<T>, { clearFlag = true }: ImportOptions = {}): Promise<T> {
  try {
    const module = await factory();
    if (clearFlag) forgetReload();
    return module;
  } catch (error) {
    if (reloadedRecently()) throw error;
    sessionStorage.setItem(RELOAD_FLAG_KEY, String(Date.now()));
    pageLoads.reload();
    // The page is going away; never settle, so nothing flashes an error meanwhile.
    return new Promise<T>(() => undefined);
  }
}

/**
 * React.lazy for a screen, reloading once when its chunk fails to load. The factory picks the
 * named export: `lazyWithReload(() => import('./settings-page.tsx').then((m) => m.SettingsPage))`.
 */
export function lazyWithReload<P extends object>(
  factory: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await importWithReload(factory) }));
}
