import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Paged } from '@evcms/contracts/common';
import { currentMonth } from '../../lib/report-period.ts';
import { jsonResponse, stubFetch, type FetchHandler, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen, typeIntoPicker } from '../../test/render-screen.tsx';
import { merchantReport, merchantStations } from './merchant-report-test-data.ts';
import { MerchantReport } from './merchant-report.tsx';

inEnglish();

// jsdom has no object URLs; the browser's own are what a download goes through.
if (!('createObjectURL' in URL))
  Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} });

const REPORT = 'GET /analytics/merchant-report/';
const merchants = (items: { id: number; name: string }[]) => () =>
  jsonResponse(200, { items, page: 1, pages: 1, size: 20, total: items.length } satisfies Paged<{
    id: number;
    name: string;
  }>);
const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const noRetries = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const render = (path = '/merchant-report', queryClient?: QueryClient) =>
  renderScreen(<MerchantReport />, { path, pattern: '/merchant-report', ...(queryClient && { queryClient }) });

describe('merchant report', { timeout: 60_000 }, () => {
  it('shows each merchant’s figures and the totals for the current month, then for the period and merchants picked', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      [REPORT]: () => merchantReport(),
      'GET /merchants/for-promotion/': merchants([{ id: 9, name: 'Osh Volt' }]),
    });
    const { router } = render();
    const link = await screen.findByRole('link', { name: 'Too Energy' });
    expect(link).toHaveAttribute('href', '/merchants/merchant/7');
    expect(link.closest('tr')).toHaveTextContent('Too Energy80 %31,20412,345.678150,000.00120,000.0030,000.00');
    expect(screen.getByTestId('merchant-report-totals')).toHaveTextContent(
      'Total41,20512,355.678150,250.00120,050.0030,200.00',
    );
    expect(screen.getByRole('columnheader', { name: 'Merchant share, som' })).toBeInTheDocument();
    expect(queryOf(api.callsTo(REPORT)[0]!)).toEqual(currentMonth());
    const lastQuery = () => queryOf(api.callsTo(REPORT).at(-1)!);

    const period = within(screen.getByRole('group', { name: 'Period' }));
    typeIntoPicker(period.getByPlaceholderText('From date'), '01.01.2025');
    typeIntoPicker(period.getByPlaceholderText('To date'), '31.03.2025');
    await waitFor(() => expect(lastQuery()).toEqual({ period__from: '2025-01-01', period__to: '2025-03-31' }));

    await user.type(screen.getByLabelText('Merchants'), 'osh');
    await waitFor(() =>
      expect(api.callsTo('GET /merchants/for-promotion/').at(-1)!.url.searchParams.get('search')).toBe('osh'),
    );
    await user.click(await screen.findByTitle('Osh Volt'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ period__from: '2025-01-01', period__to: '2025-03-31', merchant: '9' }),
    );
    expect(router.state.location.search).toBe('?period__from=2025-01-01&period__to=2025-03-31&merchant=9');
  });

  it('opens a merchant’s row onto its stations for the same period, with Retry when they fail', async () => {
    const user = userEvent.setup({ delay: null });
    let stations: FetchHandler = () => jsonResponse(500, { detail: 'boom' });
    const api = stubFetch({
      [REPORT]: () => merchantReport(),
      'GET /analytics/merchant-report/7/stations/': (request) => stations(request),
      'GET /merchants/for-promotion/': merchants([]),
    });
    render('/merchant-report?period__from=2024-03-01&period__to=2024-03-31', noRetries());
    const row = (await screen.findByRole('link', { name: 'Too Energy' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Expand row' }));

    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent("The merchant's stations could not be loaded");
    stations = () => merchantStations();
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));

    const drill = await screen.findByTestId('merchant-stations-7');
    expect(within(drill).getByRole('link', { name: 'Dordoi Plaza' })).toHaveAttribute(
      'href',
      '/merchants/merchant/7/station-info/31',
    );
    expect(within(drill).getByText('Vefa Center').closest('tr')).toHaveTextContent(
      'Vefa Center80 %12042,345.17830,000.0024,000.006,000.00',
    );
    expect(within(drill).getByTestId('merchant-stations-totals-7')).toHaveTextContent(
      'Total21,20412,345.678150,000.00120,000.0030,000.00',
    );
    expect(api.callsTo('GET /analytics/merchant-report/7/stations/')).toHaveLength(2);
    expect(queryOf(api.callsTo('GET /analytics/merchant-report/7/stations/')[1]!)).toEqual({
      period__from: '2024-03-01',
      period__to: '2024-03-31',
    });
  });

  it('downloads the report with its filters as xlsx and as csv', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      [REPORT]: () => merchantReport(),
      'GET /analytics/merchant-report/export/': () => new Response('x', { headers: { 'content-type': 'text/csv' } }),
      'GET /merchants/for-promotion/': merchants([]),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render('/merchant-report?period__from=2024-03-01&period__to=2024-03-31&merchant=7,9');
    await screen.findByRole('link', { name: 'Too Energy' });
    const exports = () => api.callsTo('GET /analytics/merchant-report/export/');
    for (const [format, item] of [
      ['xlsx', 'Excel (.xlsx)'],
      ['csv', 'CSV (.csv)'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: /Export/ }));
      await user.click(await screen.findByText(item));
      await waitFor(() =>
        expect(queryOf(exports().at(-1)!)).toEqual({
          period__from: '2024-03-01',
          period__to: '2024-03-31',
          merchant: '7,9',
          format,
        }),
      );
    }
  });

  it('says the report failed in its own words and loads it again on Retry', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: FetchHandler = () => jsonResponse(500, { detail: 'relation "merchants" does not exist' });
    const api = stubFetch({ [REPORT]: (request) => answer(request), 'GET /merchants/for-promotion/': merchants([]) });
    render('/merchant-report', noRetries());
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('The server could not answer. Try again in a moment.');
    expect(failure).not.toHaveTextContent('relation');
    answer = () => merchantReport();
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Osh Volt')).toBeInTheDocument();
    expect(api.callsTo(REPORT)).toHaveLength(2);
  });

  it('shows what the server said of a period it refused, and says when no merchant has figures', async () => {
    const refused = 'The end of the period cannot be earlier than its start';
    stubFetch({
      [REPORT]: (request) =>
        request.url.searchParams.get('period__to') === '2024-03-01'
          ? jsonResponse(400, { period__to: [refused] })
          : merchantReport([]),
      'GET /merchants/for-promotion/': merchants([]),
    });
    const first = render('/merchant-report?period__from=2024-03-31&period__to=2024-03-01', noRetries());
    expect(await screen.findByTestId('report-refusal')).toHaveTextContent(refused);
    first.unmount();

    render('/merchant-report?period__from=2024-03-01&period__to=2024-03-31');
    expect(await screen.findByText('No merchants with charges in this period')).toBeInTheDocument();
    expect(screen.queryByTestId('merchant-report-totals')).not.toBeInTheDocument();
  });
});
