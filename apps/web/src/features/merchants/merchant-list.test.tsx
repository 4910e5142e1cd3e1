import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MerchantListItem } from '@evcms/contracts/merchants';
import { jsonResponse, stubFetch, type FetchHandler } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { MerchantList } from './merchant-list.tsx';

const aMerchant = (id: number, name: string, status: 0 | 1): MerchantListItem => ({
  id,
  name,
  name_ru: name,
  name_en: name,
  name_ky: name,
  agreement_number: `A-${id}`,
  legal_name: `${name} LLC`,
  country: 1,
  district: null,
  city: 1,
  country_name: 'Kyrgyzstan',
  district_name: null,
  city_name: 'Bishkek',
  street: 'Chui 1',
  phone: '996555123456',
  email: `m${id}@example.kg`,
  percentage: 10,
  status,
  stations_count: 3,
  active_stations: 2,
  inactive_stations: 1,
  created_by: 'Administrator',
  created_at: '2024-05-06T08:30:00.000Z',
});

inEnglish();

const toggleRow = (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));

/*
 * The list toolbar (selection, bulk button, filters) is shared with the catalogue and tested
 * with the tag list and in list-screen-state.test.ts; here: what the merchant rows show, and
 * that their status number drives the bulk button.
 */
describe('merchant list', { timeout: 30_000 }, () => {
  it('shows the phone masked and the time in Bishkek, and deactivates the selected merchants', async () => {
    const user = userEvent.setup({ delay: null });
    let merchants = [aMerchant(3, 'Volt', 0), aMerchant(2, 'Ampere', 0), aMerchant(1, 'Ohm', 1)];
    const api = stubFetch({
      'GET /merchants/': () =>
        jsonResponse(200, { items: merchants, page: 1, pages: 1, size: 10, total: merchants.length }),
      'PATCH /merchants/statuses/': (request) => {
        const { ids, status } = request.json() as { ids: number[]; status: 0 | 1 };
        merchants = merchants.map((m) => (ids.includes(m.id) ? { ...m, status } : m));
        return jsonResponse(
          200,
          merchants.filter((m) => ids.includes(m.id)),
        );
      },
    });
    renderScreen(<MerchantList />, { path: '/merchants' });
    const volt = (await screen.findByText('Volt')).closest('tr')!;
    // UTC+6.
    expect(volt).toHaveTextContent('+996 (555) 12-34-56');
    expect(volt).toHaveTextContent('06.05.2024 14:30');

    await toggleRow(user, 'Ohm');
    expect(screen.getByTestId('bulk-status')).toHaveTextContent(/^Activate$/);
    await toggleRow(user, 'Ohm');
    await toggleRow(user, 'Volt');
    await toggleRow(user, 'Ampere');
    expect(screen.getByTestId('bulk-status')).toHaveTextContent('Deactivate');

    await user.click(screen.getByTestId('bulk-status'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Selected: 2');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(api.callsTo('PATCH /merchants/statuses/')).toHaveLength(1));
    expect(api.callsTo('PATCH /merchants/statuses/')[0]!.json()).toEqual({ ids: [3, 2], status: 1 });
    await waitFor(() => expect(screen.queryByTestId('bulk-status')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(screen.getByText('Volt').closest('tr')!).getByText('Inactive')).toBeInTheDocument(),
    );
  });
});

describe('merchant list rows and failures', { timeout: 30_000 }, () => {
  const page = (items: MerchantListItem[]) =>
    jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length });
  const routes = [{ path: '/merchants/merchant/:id', element: <p data-testid="detail">detail</p> }];

  it('links each name to its merchant; a row click opens it, a Ctrl+click on the link or a checkbox click does not', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({ 'GET /merchants/': () => page([aMerchant(7, 'Volt', 0)]) });
    const { router } = renderScreen(<MerchantList />, { path: '/merchants', pattern: '/merchants', routes });
    const link = await screen.findByRole('link', { name: 'Volt' });
    // A real link: Tab reaches it, and a middle click or Ctrl+click opens a new tab.
    expect(link).toHaveAttribute('href', '/merchants/merchant/7');

    // Ctrl+click is the browser's (a new tab): the row must not open the merchant here as well.
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(router.state.location.pathname).toBe('/merchants');
    await user.click(within(link.closest('tr')!).getByRole('checkbox', { name: 'Select the row with ID 7' }));
    expect(router.state.location.pathname).toBe('/merchants');
    await user.click(within(link.closest('tr')!).getByText('Bishkek'));
    expect(router.state.location.pathname).toBe('/merchants/merchant/7');
  });

  it('says the list failed in its own words and loads it again on Retry', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: FetchHandler = () => jsonResponse(500, { detail: 'relation "merchants" does not exist' });
    const api = stubFetch({ 'GET /merchants/': (request) => answer(request) });
    // No automatic retries: the test sees the first failure at once.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderScreen(<MerchantList />, { path: '/merchants', queryClient });

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('The list could not be loaded');
    expect(failure).toHaveTextContent('The server could not answer. Try again in a moment.');
    expect(failure).not.toHaveTextContent('relation');

    answer = () => page([aMerchant(1, 'Ohm', 0)]);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Ohm' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('GET /merchants/')).toHaveLength(2);
  });

  it('tells a lost connection from a server failure', async () => {
    stubFetch({
      'GET /merchants/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderScreen(<MerchantList />, { path: '/merchants', queryClient });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server cannot be reached. Check the connection and try again.',
    );
  });
});
