import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { jsonResponse, stubFetch } from '../lib/test-fetch.ts';
import { tokenStore } from '../lib/token-store.ts';
import { AppRouter } from './app-router.tsx';
import { Providers } from './providers.tsx';

function renderAppAt(path: string) {
  window.history.pushState(null, '', path);
  // The router of an earlier test may still be alive; a popstate is how it learns of the address.
  window.dispatchEvent(new PopStateEvent('popstate'));
  queryClient.clear();
  return render(
    <Providers>
      <AppRouter />
    </Providers>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  stubFetch({ 'GET /accounts/me/': () => jsonResponse(200, { id: 1, email: 'a@b.kg', name: 'Aida', language: 'en' }) });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  tokenStore.clear();
  await i18n.changeLanguage('ru');
});

describe('routes by session', () => {
  it('shows the sign-in screen at any address when signed out, with a language switch', async () => {
    renderAppAt('/merchants/merchant/5');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('language-select')).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
  });

  it('offers password recovery when signed out', async () => {
    renderAppAt('/reset-password');
    expect(await screen.findByRole('button', { name: 'Send instructions' })).toBeInTheDocument();
  });

  it('needs both tokens to be signed in', async () => {
    localStorage.setItem('access', 'only-access');
    tokenStore.reload();
    renderAppAt('/rates');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('switches to the shell at the same address once signed in', async () => {
    renderAppAt('/rates');
    await screen.findByRole('button', { name: 'Sign in' });

    act(() => tokenStore.setTokens({ access: 'access-1', refresh: 'refresh-1' }));

    expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Rates');
  });

  it('returns to the sign-in screen when the tokens go', async () => {
    tokenStore.setTokens({ access: 'access-1', refresh: 'refresh-1' });
    renderAppAt('/tags');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('List of tags');

    act(() => tokenStore.clear());

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
