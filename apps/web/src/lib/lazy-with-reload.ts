import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { pageLoads } from './page-reload.ts';

/**
 * After a deployment the old chunk names are gone and a screen fails to load; a reload fetches
 * the new index. A chunk that stays broken must not reload forever, so each reload leaves a mark
 * in session storage for this build and this address, and a failure that finds a fresh mark
 * (under a minute old) surfaces instead (the route's error page, whose Retry reloads by hand).
 *
 * A successful load never clears a mark: the shell and the translations load fine between two
 * failures of the same screen, and clearing there is what made the page reload in a loop. The mark
 * expires instead, and a new build or another address has marks of its own.
 */
export const RELOAD_MARKS_KEY = 'chunk-reloads';
const MARK_LIFETIME_MS = 60_000;

type Marks = Record<string, number>;

/**
 * What tells one deployment from the next: the entry script's address, whose hashed name changes
 * whenever any chunk it may load changes. The dev server and tests have no hashed entry.
 */
function buildId(): string {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry ? new URL(entry.src, window.location.href).pathname : 'dev';
}

function markKey(): string {
  return `${buildId()} ${window.location.pathname}`;
}

function readMarks(): Marks {
  const stored: unknown = JSON.parse(sessionStorage.getItem(RELOAD_MARKS_KEY) ?? '{}');
  return stored && typeof stored === 'object' ? (stored as Marks) : {};
}

const isFresh = (at: unknown, now: number) => typeof at === 'number' && now - at >= 0 && now - at < MARK_LIFETIME_MS;

function reloadedRecently(key: string): boolean {
  try {
    return isFresh(readMarks()[key], Date.now());
  } catch {
    // Without session storage we cannot tell a first failure from a loop; do not risk the loop.
    return true;
  }
}

/** Leaves the mark for `key`; false when it cannot be stored (then reloading could loop). */
function markReload(key: string): boolean {
  try {
    const now = Date.now();
    // Expired marks go, so the storage holds only what still decides something.
    const marks = Object.fromEntries(Object.entries(readMarks()).filter(([, at]) => isFresh(at, now)));
    sessionStorage.setItem(RELOAD_MARKS_KEY, JSON.stringify({ ...marks, [key]: now }));
    return true;
  } catch {
    return false;
  }
}

/** Runs a dynamic import; on failure reloads the page once per build and address a minute, else rejects. */
export async function importWithReload<T>(factory: () => Promise<T>): Promise<T> {
  try {
    return await factory();
  } catch (error) {
    const key = markKey();
    if (reloadedRecently(key) || !markReload(key)) throw error;
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
