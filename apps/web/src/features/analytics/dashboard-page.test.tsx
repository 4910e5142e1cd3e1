import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLiveChange } from '../../lib/live-refresh.ts';
import { queryClient as appQueryClient } from '../../lib/query-client.ts';
import { jsonResponse, stubFetch, type FetchHandler, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen, typeIntoPicker } from '../../test/render-screen.tsx';
import { dashboardAnswers, figures } from './analytics-test-data.ts';
import { DashboardPage } from './dashboard-page.tsx';

inEnglish();

const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const render = (path = '/', queryClient?: QueryClient) =>
  renderScreen(<DashboardPage />, { path, pattern: '/', ...(queryClient && { queryClient }) });

describe('the dashboard', { timeout: 60_000 }, () => {
  it("shows the day's figures against the day before, with the change in words", async () => {
    const api = stubFetch(dashboardAnswers());
    render();
    const turnover = await screen.findByTestId('figure-turnover');
    expect(turnover).toHaveTextContent('Turnover, som12,345.50Previous period: 10,973.78 +12.5 % vs previous period');
    expect(screen.getByTestId('figure-energy')).toHaveTextContent(
      '1,234.567Previous period: 1,300.000 -5.03 % vs previous period',
    );
    expect(screen.getByTestId('figure-charges')).toHaveTextContent(
      '210Previous period: 0— no data for the previous period',
    );
    expect(screen.getByTestId('figure-merchants')).toHaveTextContent('Active: 10');
    expect(screen.getByTestId('figure-stations')).toHaveTextContent('Active: 37 · Online now: 31');
    expect(queryOf(api.callsTo('GET /analytics/')[0]!)).toEqual({ period: 'day' });
    expect(queryOf(api.callsTo('GET /analytics/graph/')[0]!)).toEqual({ period: 'day' });
  });

  it('asks for the period chosen and keeps it in the address', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch(dashboardAnswers());
    const { router } = render('/?period=month');
    await screen.findByTestId('figure-turnover');
    expect(queryOf(api.callsTo('GET /analytics/')[0]!)).toEqual({ period: 'month' });

    await user.click(screen.getByText('Week'));
    await waitFor(() => expect(queryOf(api.callsTo('GET /analytics/').at(-1)!)).toEqual({ period: 'week' }));
    expect(queryOf(api.callsTo('GET /analytics/graph/').at(-1)!)).toEqual({ period: 'week' });
    expect(router.state.location.search).toBe('?period=week');
  });

  it('sends a custom range as period__from and period__to', async () => {
    const api = stubFetch(dashboardAnswers());
    const { router } = render();
    await screen.findByTestId('figure-turnover');
    const dates = within(screen.getByRole('group', { name: 'Dates' }));
    typeIntoPicker(dates.getByPlaceholderText('From'), '01.01.2025');
    typeIntoPicker(dates.getByPlaceholderText('To'), '31.03.2025');
    const range = { period__from: '2025-01-01', period__to: '2025-03-31' };
    await waitFor(() => expect(queryOf(api.callsTo('GET /analytics/').at(-1)!)).toEqual(range));
    expect(queryOf(api.callsTo('GET /analytics/graph/').at(-1)!)).toEqual(range);
    expect(router.state.location.search).toBe('?period__from=2025-01-01&period__to=2025-03-31');
  });

  it('says a failed load in its own words and loads it again on Retry', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: FetchHandler = () => jsonResponse(500, { detail: 'relation "charges" does not exist' });
    const api = stubFetch({ ...dashboardAnswers(), 'GET /analytics/': (request) => answer(request) });
    render('/', new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('The server could not answer. Try again in a moment.');
    expect(failure).not.toHaveTextContent('relation');

    answer = () => jsonResponse(200, figures());
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('figure-turnover')).toHaveTextContent('12,345.50');
    expect(api.callsTo('GET /analytics/')).toHaveLength(2);
  });

  it('gives each chart a table with the same figures', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch(dashboardAnswers());
    render();
    const weekdays = await screen.findByTestId('chart-by_weekday');
    expect(await within(weekdays).findByRole('img')).toHaveAccessibleName(
      'Charges and turnover by weekday: 280 charges, 28,014.00 som in total',
    );
    await user.click(within(weekdays).getByRole('button', { name: 'Show as table' }));
    const rows = within(weekdays).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Mon101,000.50');
    expect(rows[7]).toHaveTextContent('Sun707,003.50');

    const days = screen.getByTestId('chart-by_day');
    await user.click(within(days).getByRole('button', { name: 'Show as table' }));
    expect(within(days).getAllByRole('row')[2]).toHaveTextContent('10.03.20257725.25');
  });

  it('loads the figures and the charts again when a charge completes, not the news', async () => {
    const api = stubFetch(dashboardAnswers());
    // The live changes refresh the app's own cache.
    appQueryClient.clear();
    render('/', appQueryClient);
    await screen.findByTestId('figure-turnover');
    await screen.findByTestId('chart-by_day');
    applyLiveChange({ resource: 'charges', ids: [41] });
    await waitFor(() => expect(api.callsTo('GET /analytics/')).toHaveLength(2));
    await waitFor(() => expect(api.callsTo('GET /analytics/graph/')).toHaveLength(2));
    expect(api.callsTo('GET /analytics/timeline/')).toHaveLength(1);
    appQueryClient.clear();
  });
});
