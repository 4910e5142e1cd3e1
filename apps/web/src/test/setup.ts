import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, NAMESPACES } from '../lib/i18n.ts';
import { tokenStore } from '../lib/token-store.ts';

// Lazy routes and Ant Design under jsdom can take seconds on a loaded two-core machine; findBy*
// and waitFor wait that long before calling something missing.
configure({ asyncUtilTimeout: 10_000 });

// Screens under test find every namespace loaded, as the lazy routes load them in the app.
beforeAll(async () => {
  await i18n.loadNamespaces([...NAMESPACES, 'errors']);
});

// Test files share a worker's modules (`isolate: false` in vite.config.ts): each test leaves the
// page, the storages and the spied-on modules as it found them.
// The session is signed out again in memory too: a test that signed in would otherwise show the
// next file's screens signed in (seen: app-router's signed-out screens after use-live-updates).
afterEach(() => {
  cleanup();
  tokenStore.clear();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

// Ant Design reads these; jsdom has none.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// jsdom draws no canvas and says so on every getContext; a chart (the dashboard's) stays an empty
// box, and its table carries the data.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
