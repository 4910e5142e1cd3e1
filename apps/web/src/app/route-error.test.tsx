import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { lazyWithReload } from '../lib/lazy-with-reload.ts';
import { pageLoads } from '../lib/page-reload.ts';
import { inEnglish, renderScreen } from '../test/render-screen.tsx';
import { RouteError } from './route-error.tsx';

let reloadPage: MockInstance<() => void>;

beforeEach(() => {
  reloadPage = vi.spyOn(pageLoads, 'reload').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // The reload marks go by the browser's address, which the memory router does not set.
  window.history.replaceState(null, '', '/merchants');
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

/** One start of the app at /merchants, whose screen's code cannot be fetched. */
function startWithBrokenScreen() {
  const Screen = lazyWithReload<object>(() =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/merchant-list-1a2b.js')),
  );
  const route = {
    path: '/merchants',
    element: (
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>
    ),
    errorElement: <RouteError />,
  };
  return renderScreen(null, { path: '/merchants', routes: [route] });
}

describe('a screen whose code cannot be loaded', () => {
  inEnglish();

  it('reloads once, then shows the error page whose Retry reloads', async () => {
    const user = userEvent.setup({ delay: null });
    startWithBrokenScreen();
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(screen.getByText('loading')).toBeInTheDocument();

    // After the reload the chunk still fails: no second automatic reload, the error page instead.
    cleanup();
    startWithBrokenScreen();
    expect(await screen.findByRole('heading', { name: 'The page could not be loaded' })).toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(document.title).toBe('The page could not be loaded · EV Charging Back Office');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });

  it('says so in the interface language', async () => {
    startWithBrokenScreen();
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    cleanup();
    await i18n.changeLanguage('ky');
    startWithBrokenScreen();
    expect(await screen.findByRole('heading', { name: 'Баракты жүктөө мүмкүн болгон жок' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Кайталоо' })).toBeInTheDocument();
  });
});
