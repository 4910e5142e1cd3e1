import { useMemo, useSyncExternalStore } from 'react';

/*
 * The address, for the signed-out screens (sign-in and password recovery), which run without
 * react-router: its one module is 29 KB gzip, a sixth of the sign-in screen's budget
 * (docs/performance.md). The browser's history is the state: `goTo` pushes an entry, the back and
 * forward buttons fire popstate, and the screens re-render with the new address. The signed-in
 * app's router reads the same history when it starts.
 */
const NAVIGATED = 'evcms:navigated';

function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener(NAVIGATED, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(NAVIGATED, listener);
  };
}

const currentHref = () => window.location.href;

/** The current address; re-renders on every change of it made here or by the browser's back and forward. */
export function useBrowserLocation(): URL {
  const href = useSyncExternalStore(subscribe, currentHref);
  return useMemo(() => new URL(href), [href]);
}

/** Goes to `to` (a path with its query) as a link does: a new history entry, the page not reloaded. */
export function goTo(to: string): void {
  window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATED));
}
