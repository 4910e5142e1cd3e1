import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { importWithReload, lazyWithReload, RELOAD_FLAG_KEY } from './lazy-with-reload.ts';
import { pageLoads } from './page-reload.ts';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/page-1a2b.js');
const PENDING = Symbol('pending');
const settledWithin = <T,>(promise: Promise<T>) =>
  Promise.race([promise, new Promise<typeof PENDING>((resolve) => setTimeout(() => resolve(PENDING), 20))]);

// jsdom cannot navigate; asking for the reload is what we check.
let reloadPage: MockInstance<() => void>;

beforeEach(() => {
  reloadPage = vi.spyOn(pageLoads, 'reload').mockImplementation(() => undefined);
  sessionStorage.clear();
});

describe('importWithReload', () => {
  it('reloads the page once when a chunk fails to load, and waits for the reload', async () => {
    const result = await settledWithin(importWithReload(() => Promise.reject(chunkError())));
    expect(result).toBe(PENDING);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RELOAD_FLAG_KEY)).not.toBeNull();
  });

  it('does not reload again right after a reload: the error surfaces instead of a loop', async () => {
    await settledWithin(importWithReload(() => Promise.reject(chunkError())));
    // The page has "reloaded" and the chunk still fails.
    await expect(importWithReload(() => Promise.reject(chunkError()))).rejects.toThrow('dynamically imported');
    await expect(importWithReload(() => Promise.reject(chunkError()))).rejects.toThrow();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('clears the flag once a chunk loads, so a later failure may reload again', async () => {
    await settledWithin(importWithReload(() => Promise.reject(chunkError())));
    await expect(importWithReload(() => Promise.resolve('module'))).resolves.toBe('module');
    expect(sessionStorage.getItem(RELOAD_FLAG_KEY)).toBeNull();
    await settledWithin(importWithReload(() => Promise.reject(chunkError())));
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });

  it('keeps the flag when a load that is not a screen succeeds, so a broken screen does not loop', async () => {
    await settledWithin(importWithReload(() => Promise.reject(chunkError())));
    await expect(importWithReload(() => Promise.resolve('translations'), { clearFlag: false })).resolves.toBe('translations');
    await expect(importWithReload(() => Promise.reject(chunkError()))).rejects.toThrow('dynamically imported');
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('reloads again when the earlier reload is long past (a new deployment later in the day)', async () => {
    sessionStorage.setItem(RELOAD_FLAG_KEY, String(Date.now() - 10 * 60_000));
    await settledWithin(importWithReload(() => Promise.reject(chunkError())));
    expect(reloadPage).toHaveBeenCalledTimes(1);
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
    const Page = lazyWithReload<object>(() => Promise.reject(chunkError()));
    render(
      <Suspense fallback="loading">
        <Page />
      </Suspense>,
    );
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(screen.getByText('loading')).toBeInTheDocument();
  });
});
