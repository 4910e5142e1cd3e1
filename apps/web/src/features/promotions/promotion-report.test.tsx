import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Paged } from '@evcms/contracts/common';
import type { PromotionReport } from '@evcms/contracts/promotions';
import { jsonResponse, stubFetch, type FetchHandler, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen, typeIntoPicker } from '../../test/render-screen.tsx';
import { PromotionReport as PromotionReportScreen } from './promotion-report.tsx';

inEnglish();

const report = (items: PromotionReport['items']): Response =>
  jsonResponse(200, {
    items,
    page: 1,
    pages: 1,
    size: 10,
    total: items.length,
    totals: {
      charges: 1204,
      drivers: 310,
      energy: 12_345.678,
      turnover: 148_148.14,
      discount: 14_814.81,
      turnover_after: 133_333.33,
    },
  } satisfies PromotionReport);
const rows: PromotionReport['items'] = [
  {
    promotion: 12,
    name: 'Night fifth off',
    charges: 1200,
    drivers: 309,
    energy: 12_300.5,
    turnover: 147_606.0,
    discount: 14_760.6,
    turnover_after: 132_845.4,
  },
  {
    promotion: 7,
    name: 'Spring',
    charges: 4,
    drivers: 2,
    energy: 45.178,
    turnover: 542.14,
    discount: 54.21,
    turnover_after: 487.93,
  },
];
const options = (items: { id: number; name: string }[]) =>
  jsonResponse(200, { items, page: 1, pages: 1, size: 20, total: items.length } satisfies Paged<{
    id: number;
    name: string;
  }>);

const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const render = (queryClient?: QueryClient) =>
  renderScreen(<PromotionReportScreen />, { path: '/promotions-report', ...(queryClient && { queryClient }) });

describe('promotions report', { timeout: 60_000 }, () => {
  it('shows each promotion’s figures and the totals of every row, and filters by period, promotion and station', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /ads/promotions/report/': () => report(rows),
      'GET /ads/promotions/': () => options([{ id: 7, name: 'Spring' }]),
      'GET /stations/for-promotion/': () => options([{ id: 5, name: 'Dordoi' }]),
    });
    const { router } = render();
    const first = (await screen.findByText('Night fifth off')).closest('tr')!;
    expect(first).toHaveTextContent('12Night fifth off1,20030912,300.500147,606.0014,760.60132,845.40');
    expect(screen.getByTestId('promotion-report-totals')).toHaveTextContent(
      'Total1,20431012,345.678148,148.1414,814.81133,333.33',
    );
    expect(screen.getByRole('columnheader', { name: 'Turnover before discount, som' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
    const lastQuery = () => queryOf(api.callsTo('GET /ads/promotions/report/').at(-1)!);

    const period = within(screen.getByRole('group', { name: 'Period' }));
    typeIntoPicker(period.getByPlaceholderText('From date'), '01.01.2025');
    typeIntoPicker(period.getByPlaceholderText('To date'), '31.12.2025');
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', size: '10', period__from: '2025-01-01', period__to: '2025-12-31' }),
    );

    await user.type(screen.getByLabelText('Promotions'), 'spr');
    await waitFor(() => expect(api.callsTo('GET /ads/promotions/').at(-1)!.url.searchParams.get('search')).toBe('spr'));
    await user.click(await screen.findByTitle('Spring'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ promotion_id__in: '7' }));

    await user.type(screen.getByLabelText('Stations'), 'dor');
    await user.click(await screen.findByTitle('Dordoi'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ promotion_id__in: '7', station_id__in: '5' }));
    expect(router.state.location.search).toBe(
      '?period__from=2025-01-01&period__to=2025-12-31&promotion_id__in=7&station_id__in=5',
    );
  });

  it('says when the filters leave nothing', async () => {
    stubFetch({ 'GET /ads/promotions/report/': () => report([]) });
    renderScreen(<PromotionReportScreen />, {
      path: '/promotions-report?promotion_id__in=3',
      pattern: '/promotions-report',
    });
    expect(await screen.findByText('Unfortunately nothing was found. Check the filters.')).toBeInTheDocument();
  });

  it('says the report failed in its own words and loads it again on Retry', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: FetchHandler = () => jsonResponse(500, { detail: 'relation "promotions" does not exist' });
    const api = stubFetch({ 'GET /ads/promotions/report/': (request) => answer(request) });
    render(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('The server could not answer. Try again in a moment.');
    expect(failure).not.toHaveTextContent('relation');
    answer = () => report(rows);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Spring')).toBeInTheDocument();
    expect(api.callsTo('GET /ads/promotions/report/')).toHaveLength(2);
  });
});
