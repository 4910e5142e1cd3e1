import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { enterText, inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { BalanceExtract } from './balance-extract.tsx';
import { aDriver, anEntry, page } from './driver-test-data.ts';

inEnglish();
afterEach(() => vi.useRealTimers());

const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const render = (path = '/extract-balance') => renderScreen(<BalanceExtract />, { path, pattern: '/extract-balance' });

function typeInto(input: HTMLElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

describe('balance extract', { timeout: 60_000 }, () => {
  it('names each entry’s driver, and filters by period and search', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /users/payments/': (request) =>
        request.url.searchParams.has('search')
          ? page([])
          : page([anEntry(1, { driver: { id: 7, name: 'Asanov Bakyt', phone: '996555123456', account: '10000007' } })]),
    });
    render();
    const row = (await screen.findByRole('link', { name: 'Asanov Bakyt' })).closest('tr')!;
    expect(row).toHaveTextContent(
      '06.05.2024 15:15Asanov Bakyt10000007 · +996 (555) 12-34-56Cash at the officeTop-up by a manager+150.50250.50 som',
    );
    expect(within(row).getByRole('link', { name: 'Asanov Bakyt' })).toHaveAttribute('href', '/users/user/7');
    // The ledger downloads as the drivers do (ExportButton's own test follows the download).
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
    const lastQuery = () => queryOf(api.callsTo('GET /users/payments/').at(-1)!);

    const period = within(screen.getByRole('group', { name: 'Period' }));
    typeInto(period.getByPlaceholderText('From date'), '01.05.2024');
    typeInto(period.getByPlaceholderText('To date'), '06.05.2024');
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', size: '10', period__from: '2024-05-01', period__to: '2024-05-06' }),
    );
    await enterText(user, screen.getByLabelText('Search by name, phone or personal account'), '10000008');
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: '10000008', period__from: '2024-05-01' }));
    expect(
      await screen.findByText('Unfortunately nothing was found. Check the correctness of the search data.'),
    ).toBeInTheDocument();
  });

  it('acts on a period 500 ms after its last change (spec 2.5)', async () => {
    const api = stubFetch({ 'GET /users/payments/': () => page([anEntry(1)]) });
    const { router } = render();
    await screen.findByRole('link', { name: 'Asanov Bakyt' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const period = within(screen.getByRole('group', { name: 'Period' }));
    typeInto(period.getByPlaceholderText('From date'), '01.05.2024');
    typeInto(period.getByPlaceholderText('To date'), '06.05.2024');
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('GET /users/payments/')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.search).toBe('?period__from=2024-05-01&period__to=2024-05-06');
    expect(api.callsTo('GET /users/payments/').map(queryOf)).toEqual([
      { page: '1', size: '10' },
      { page: '1', size: '10', period__from: '2024-05-01', period__to: '2024-05-06' },
    ]);
  });

  it('narrows to one driver from the driver’s page, named, until that is removed', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /users/payments/': () => page([anEntry(1)]),
      'GET /users/7/': () => jsonResponse(200, aDriver(7)),
    });
    const { router } = render('/extract-balance?user=7');
    // Named once the driver is read.
    await waitFor(() => expect(screen.getByTestId('extract-driver')).toHaveTextContent('User: Asanov Bakyt'));
    expect(queryOf(api.callsTo('GET /users/payments/')[0]!)).toEqual({ page: '1', size: '10', user: '7' });
    await user.click(screen.getByRole('button', { name: 'Show the operations of all users' }));
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /users/payments/').at(-1)!)).toEqual({ page: '1', size: '10' }),
    );
    expect(router.state.location.search).toBe('');
    expect(screen.queryByTestId('extract-driver')).not.toBeInTheDocument();
  });
});
