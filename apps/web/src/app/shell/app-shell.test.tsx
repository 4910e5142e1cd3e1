import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { queryClient } from '../../lib/query-client.ts';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { Providers } from '../providers.tsx';
import { signedInRoutes } from '../router.tsx';

const MAIN_MENU_EN = [
  'Main',
  'Merchants',
  'Users',
  'Software Rental Partners',
  'Rates',
  'Heat Map',
  'Promotions',
  'Advertising banners',
  'Infrastructure around stations',
  'List of Tags',
  'List of promotional codes',
  'List of referrals',
];

inEnglish();

beforeEach(() => {
  // The shell keeps the app's own cache, as in the app.
  queryClient.clear();
  tokenStore.setTokens({ access: 'access-1', refresh: 'refresh-1' });
  stubFetch({
    'GET /accounts/me/': () =>
      jsonResponse(200, { id: 1, email: 'aida@example.kg', name: 'Aida Bekova', language: 'en' }),
  });
});

afterEach(() => {
  tokenStore.clear();
});

/** The signed-in route tree of the app at `path`, inside the app's providers. */
const renderApp = (path: string) =>
  renderScreen(null, { routes: signedInRoutes(), path, wrapper: Providers, queryClient });

/** Labels of the top level of a menu (items and group titles), in order. */
function topLevelLabels(menu: HTMLElement): string[] {
  return [...menu.children].map((li) => {
    const title = li.querySelector(':scope > .ant-menu-submenu-title') ?? li;
    return title.textContent?.trim() ?? '';
  });
}

describe('shell', () => {
  it('renders every menu entry of the specification in order, with the groups', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/');
    const sidebar = await screen.findByTestId('sidebar');
    const [main, bottom] = within(sidebar).getAllByRole('menu');

    expect(topLevelLabels(main!)).toEqual(MAIN_MENU_EN);
    expect(topLevelLabels(bottom!)).toEqual(['Settings', 'Logout']);

    const groups: [string, string[]][] = [
      ['menu-merchants_group', ['Merchants', 'Merchant Report']],
      ['menu-users_group', ['Users', 'List of user charges', 'Extract from user balance']],
      ['menu-promotions_group', ['List', 'Report']],
    ];
    for (const [testId, children] of groups) {
      await user.click(within(sidebar).getByTestId(testId));
      const submenu = within(sidebar).getByTestId(testId).closest('li')!.querySelector('ul')!;
      await waitFor(() => expect(topLevelLabels(submenu)).toEqual(children));
    }
  });

  it('shows the page title, breadcrumbs from the menu root and the manager', async () => {
    const none = () => jsonResponse(200, { items: [], page: 1, pages: 0, size: 20, total: 0 });
    stubFetch({
      'GET /accounts/me/': () =>
        jsonResponse(200, { id: 1, email: 'aida@example.kg', name: 'Aida Bekova', language: 'en' }),
      'GET /analytics/merchant-report/': () =>
        jsonResponse(200, {
          items: [],
          totals: { stations: 0, charges: 0, energy: 0, turnover: 0, merchant_share: 0, network_share: 0 },
        }),
      'GET /merchants/for-promotion/': none,
    });
    renderApp('/merchant-report');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Merchant report');
    expect(screen.getByTestId('breadcrumbs')).toHaveTextContent('Merchants/Merchant report');
    expect(await screen.findByTestId('manager-name')).toHaveTextContent('Aida Bekova');
    expect(screen.getByText('Manager')).toBeInTheDocument();
    expect(await screen.findByTestId('merchant-report')).toBeInTheDocument();
    expect(screen.getByTestId('menu-merchant_report')).toHaveClass('ant-menu-item-selected');
  });

  it('links the ancestors in the breadcrumbs of a nested page, by the merchant’s name once known', async () => {
    stubFetch({
      'GET /accounts/me/': () =>
        jsonResponse(200, { id: 1, email: 'aida@example.kg', name: 'Aida Bekova', language: 'en' }),
      'GET /merchants/7/': () => jsonResponse(200, { id: 7, name: 'Too Energy' }),
      'GET /common/tags/': () => jsonResponse(200, { items: [], page: 1, pages: 0, size: 100, total: 0 }),
      'GET /common/surroundings/': () => jsonResponse(200, { items: [], page: 1, pages: 0, size: 100, total: 0 }),
      'GET /common/locations/': () => jsonResponse(200, { items: [], page: 1, pages: 0, size: 100, total: 0 }),
      'GET /stations/connectors-types-positions/': () => jsonResponse(200, []),
    });
    renderApp('/merchants/merchant/7/create-station');
    const crumbs = await screen.findByTestId('breadcrumbs');
    await waitFor(() => expect(crumbs).toHaveTextContent('Merchants/Too Energy/Create station'));
    expect(within(crumbs).getByRole('link', { name: 'Too Energy' })).toHaveAttribute('href', '/merchants/merchant/7');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Create station');
  });

  it('titles a form by whether it creates or edits', async () => {
    renderApp('/promotions/creating-promotion/3');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Edit promotion');
  });

  it('shows a not-found page for an unknown address', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Page not found');
  });

  it('collapses the sidebar from 240 to 68 pixels', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/');
    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar).toHaveStyle({ width: '240px' });
    await user.click(screen.getByTestId('sidebar-toggle'));
    expect(sidebar).toHaveStyle({ width: '68px' });
    await user.click(screen.getByTestId('sidebar-toggle'));
    expect(sidebar).toHaveStyle({ width: '240px' });
  });

  it('keeps the sidebar collapsed after a reload', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Collapse menu' }));
    expect(screen.getByTestId('sidebar')).toHaveStyle({ width: '68px' });
    first.unmount();

    renderApp('/');
    expect(await screen.findByTestId('sidebar')).toHaveStyle({ width: '68px' });
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('below the lg breakpoint, opens the menu as a drawer from the header and closes it on a choice', async () => {
    // A 390 px phone: only antd's max-width queries below lg (992 px) match.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: /max-width: 99[01]/.test(query) || /max-width: 575/.test(query),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/');
    const open = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(open).toHaveAttribute('aria-expanded', 'false');

    await user.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(open).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(drawer).getByRole('link', { name: 'Rates' }));

    expect(router.state.location.pathname).toBe('/rates');
    expect(open).toHaveAttribute('aria-expanded', 'false');
    // antd hides a closed drawer with a class (its styles are off under test).
    await waitFor(() => expect(screen.getByTestId('menu-drawer')).toHaveClass('ant-drawer-content-wrapper-hidden'));
  });

  it('switches the language from the header and remembers it', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/rates');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Rates');
    await user.click(within(screen.getByTestId('language-select')).getByRole('combobox'));
    await user.click(await screen.findByText('KG', { selector: '.ant-select-item-option-content' }));

    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('Тарифтер'));
    expect(localStorage.getItem('language')).toBe('ky');
    expect(document.documentElement.lang).toBe('ky');
    await act(() => i18n.changeLanguage('en'));
  });
});
