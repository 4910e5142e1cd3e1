import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PartnerReport } from '@evcms/contracts/partners';
import { jsonResponse, stubFetch, type FetchHandler, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen, typeIntoPicker } from '../../test/render-screen.tsx';
import { currentMonth } from '../../lib/report-period.ts';
import { PartnerReport as PartnerReportScreen } from './partner-report.tsx';

inEnglish();

const report = (): Response =>
  jsonResponse(200, {
    items: [
      {
        partner: 2,
        name: 'Volt Ops',
        fee_model: 'fixed',
        fee_fixed: 3000,
        fee_percent: null,
        started_on: '2024-03-10',
        status: 0,
        stations: 1,
        charges: 1,
        energy: 10,
        turnover: 100,
        fee_due: 2129.03,
      },
      {
        partner: 1,
        name: 'Chui Soft',
        fee_model: 'percent',
        fee_fixed: null,
        fee_percent: 10,
        started_on: '2024-01-01',
        status: 0,
        stations: 3,
        charges: 1204,
        energy: 12_345.678,
        turnover: 150,
        fee_due: 15,
      },
    ],
    totals: { stations: 4, charges: 1205, energy: 12_355.678, turnover: 250, fee_due: 2144.03 },
  } satisfies PartnerReport);

const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const render = (path = '/software-rental-partners/report', queryClient?: QueryClient) =>
  renderScreen(<PartnerReportScreen />, {
    path,
    pattern: '/software-rental-partners/report',
    ...(queryClient && { queryClient }),
  });

describe('partners report', { timeout: 60_000 }, () => {
  it('shows each partner’s figures and the totals for the current month, then for the period picked', async () => {
    const api = stubFetch({ 'GET /partners/report/': () => report() });
    const { router } = render();
    const first = (await screen.findByText('Volt Ops')).closest('tr')!;
    expect(first).toHaveTextContent('2Volt Ops3,000.00 som a month1110.000100.002,129.03');
    expect(screen.getByTestId('partner-report-totals')).toHaveTextContent('Total41,20512,355.678250.002,144.03');
    expect(screen.getByRole('columnheader', { name: 'Fee due, som' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
    expect(queryOf(api.callsTo('GET /partners/report/')[0]!)).toEqual(currentMonth());

    const period = within(screen.getByRole('group', { name: 'Period' }));
    typeIntoPicker(period.getByPlaceholderText('From'), '01.01.2025');
    typeIntoPicker(period.getByPlaceholderText('To'), '31.03.2025');
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /partners/report/').at(-1)!)).toEqual({
        period__from: '2025-01-01',
        period__to: '2025-03-31',
      }),
    );
    expect(router.state.location.search).toBe('?period__from=2025-01-01&period__to=2025-03-31');
  });

  it('says the report failed in its own words and loads it again on Retry', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: FetchHandler = () => jsonResponse(500, { detail: 'relation "partners" does not exist' });
    const api = stubFetch({ 'GET /partners/report/': (request) => answer(request) });
    render(
      '/software-rental-partners/report?period__from=2024-03-01&period__to=2024-03-31',
      new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    );
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('The server could not answer. Try again in a moment.');
    expect(failure).not.toHaveTextContent('relation');
    answer = () => report();
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Chui Soft')).toBeInTheDocument();
    expect(queryOf(api.callsTo('GET /partners/report/').at(-1)!)).toEqual({
      period__from: '2024-03-01',
      period__to: '2024-03-31',
    });
  });
});
