import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// Lazy routes and Ant Design under jsdom can take seconds on a loaded two-core machine; findBy*
// and waitFor wait that long before calling something missing.
configure({ asyncUtilTimeout: 10_000 });

// Screens under test find every namespace loaded, as the lazy routes load them in the app. Imported
// in the hook, not above: a test file's vi.mock of a module i18n uses (page-reload) comes first.
beforeAll(async () => {
  const { i18n, NAMESPACES } = await import('../lib/i18n.ts');
  await i18n.loadNamespaces([...NAMESPACES, 'errors']);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
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
