import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { importWithReload, lazyWithReload } from './lazy-with-reload.ts';
import { pageLoads } from './page-reload.ts';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/page-1a2b.js');
const failingChunk = () => Promise.reject(chunkError());
const PENDING = Symbol('pending');
const settledWithin = <T,>(promise: Promise<T>) =>
  Promise.race([promise, new Promise<typeof PENDING>((resolve) => setTimeout(() => resolve(PENDING), 20))]);

// jsdom cannot navigate; asking for the reload is what we check. A "reload" keeps session
// storage and the address, as a real one does.
let reloadPage: MockInstance<() => void>;

beforeEach(() => {
  reloadPage = vi.spyOn(pageLoads, 'reload').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/merchants');
});

afterEach(() => {
  document.querySelectorAll('script[data-test-entry]').forEach((script) => script.remove());
  window.history.replaceState(null, '', '/');
});

function deploy(entry: string) {
  document.querySelectorAll('script[data-test-entry]').forEach((script) => script.remove());
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry;
  script.dataset.testEntry = '';
  document.head.append(script);
}

describe('importWithReload', () => {
  it('reloads the page once when a chunk fails to load, and waits for the reload', async () => {
    const result = await settledWithin(importWithReload(failingChunk));
    expect(result).toBe(PENDING);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('does not reload again after the reload: the error surfaces instead of a loop', async () => {
    await settledWithin(importWithReload(failingChunk));
    // The page has "reloaded" and the chunk still fails.
    await expect(importWithReload(failingChunk)).rejects.toThrow('dynamically imported');
    await expect(importWithReload(failingChunk)).rejects.toThrow('dynamically imported');
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('does not loop when other chunks load between the failures (the shell, the translations)', async () => {
    await settledWithin(importWithReload(failingChunk));
    for (let start = 0; start < 5; start++) {
      // What every start loads before the screen: these succeed.
      await expect(importWithReload(() => Promise.resolve('shell'))).resolves.toBe('shell');
      await expect(importWithReload(() => Promise.resolve('translations'))).resolves.toBe('translations');
      // A reload would leave this pending; it must fail at once.
      await expect(settledWithin(importWithReload(failingChunk))).rejects.toThrow('dynamically imported');
    }
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('reloads once for another address: each route has its own mark', async () => {
    await settledWithin(importWithReload(failingChunk));
    window.history.replaceState(null, '', '/tags');
    expect(await settledWithin(importWithReload(failingChunk))).toBe(PENDING);
    await expect(importWithReload(failingChunk)).rejects.toThrow();
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });

  it('reloads once more for a new build deployed within the minute', async () => {
    deploy('/assets/index-aaaa1111.js');
    await settledWithin(importWithReload(failingChunk));
    await expect(importWithReload(failingChunk)).rejects.toThrow();
    deploy('/assets/index-bbbb2222.js');
    expect(await settledWithin(importWithReload(failingChunk))).toBe(PENDING);
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });

  it('reloads again once the earlier reload is a minute old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await settledWithin(importWithReload(failingChunk));
      vi.setSystemTime(Date.now() + 59_000);
      await expect(importWithReload(failingChunk)).rejects.toThrow();
      vi.setSystemTime(Date.now() + 2_000);
      expect(await settledWithin(importWithReload(failingChunk))).toBe(PENDING);
      expect(reloadPage).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the error rather than risk a loop when session storage refuses the mark', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    await expect(importWithReload(failingChunk)).rejects.toThrow('dynamically imported');
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('lazyWithReload', () => {
  it('renders the loaded component', async () => {
    const Page = lazyWithReload(() => Promise.resolve(({ name }: { name: string }) => <p>Hello {name}</p>));
    render(
      <Suspense fallback="loading">
        <Page name="Bishkek" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Bishkek')).toBeInTheDocument();
  });

  it('keeps showing the fallback while the page reloads after a failed chunk', async () => {
    const Page = lazyWithReload<object>(failingChunk);
    render(
      <Suspense fallback="loading">
        <Page />
      </Suspense>,
    );
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(screen.getByText('loading')).toBeInTheDocument();
  });
});
