import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import { jsonResponse, stubFetch } from '../lib/test-fetch.ts';
import { tokenStore } from '../lib/token-store.ts';
import { inEnglish, NO_RUNTIME_STYLES } from '../test/render-screen.tsx';
import { AppRouter } from './app-router.tsx';
import { Providers } from './providers.tsx';

function renderAppAt(path: string) {
  window.history.pushState(null, '', path);
  // The router of an earlier test may still be alive; a popstate is how it learns of the address.
  window.dispatchEvent(new PopStateEvent('popstate'));
  queryClient.clear();
  // The app's root as main.tsx renders it (its own browser router), without antd's runtime styles.
  return render(
    <ConfigProvider theme={NO_RUNTIME_STYLES}>
      <Providers>
        <AppRouter />
      </Providers>
    </ConfigProvider>,
  );
}

inEnglish();

beforeEach(() => {
  stubFetch({ 'GET /accounts/me/': () => jsonResponse(200, { id: 1, email: 'a@b.kg', name: 'Aida', language: 'en' }) });
});

afterEach(() => {
  tokenStore.clear();
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

  it("goes to password recovery by its link and back by the browser's back button", async () => {
    const user = userEvent.setup({ delay: null });
    renderAppAt('/');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('button', { name: 'Send instructions' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/reset-password');

    act(() => window.history.back());

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('opens the new password screen at the mailed link, whatever its case and trailing slash', async () => {
    renderAppAt('/Change-Password/?token=t1');
    expect(await screen.findByRole('button', { name: 'Save password' })).toBeInTheDocument();
  });

  it('switches the language from the sign-in screen', async () => {
    const user = userEvent.setup({ delay: null });
    renderAppAt('/');
    await screen.findByRole('button', { name: 'Sign in' });
    const languages = screen.getByRole('radiogroup', { name: 'Language' });
    expect(within(languages).getByRole('radio', { name: 'ENG' })).toBeChecked();

    await user.click(within(languages).getByRole('radio', { name: 'KG' }));

    expect(await screen.findByRole('button', { name: 'Кирүү' })).toBeInTheDocument();
    expect(within(languages).getByRole('radio', { name: 'KG' })).toBeChecked();
    expect(localStorage.getItem('language')).toBe('ky');
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
