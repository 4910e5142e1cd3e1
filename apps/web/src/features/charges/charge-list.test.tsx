import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { ChargeList } from './charge-list.tsx';
import { aCharge, aChargeDetail, aPromotion, page, running } from './charge-test-data.ts';

inEnglish();

const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const rowOf = (id: number) => screen.getByRole('button', { name: `Open charge no. ${id}` }).closest('tr')!;
const render = (path = '/chargers-list') =>
  renderScreen(<ChargeList />, {
    path,
    pattern: '/chargers-list',
    routes: [{ path: '/users/user/:id', element: <p data-testid="driver">driver</p> }],
  });
const stations = () =>
  page([
    { id: 3, name: 'Ala-Too' },
    { id: 5, name: 'Dordoi' },
  ]);
/** GET /ads/promotions/ as its list answers it (contracts promotionListItem), searched by title. */
const promotions = (request: SeenRequest) =>
  page(
    [aPromotion(21, 'Happy hours'), aPromotion(22, 'Weekend −20%')].filter((item) =>
      item.name.toLowerCase().includes((request.url.searchParams.get('search') ?? '').toLowerCase()),
    ),
  );

/** Types into one end of a range picker and commits it, as a keyboard user does. */
function typeInto(input: HTMLElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

describe('charge list', { timeout: 60_000 }, () => {
  it('shows what a row says of the charge, opens the charge with its meter readings, and leads to the driver', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({
      'GET /users/transactions/': () =>
        page([
          aCharge(119, {
            driver: null,
            id_tag: 'STRANGER',
            finished_at: null,
            duration_seconds: null,
            consumed: 0,
            price: null,
            amount: 0,
            total: 0,
            payment_method: null,
            status: 'unauthorized',
            result: 'failed',
            refusal: 'unknown_tag',
          }),
          aCharge(118),
        ]),
      'GET /users/transactions/118/': () => jsonResponse(200, aChargeDetail(118)),
      'GET /stations/for-transaction/': stations,
      'GET /ads/promotions/': promotions,
    });
    const { router } = render();
    await screen.findByRole('button', { name: 'Open charge no. 118' });
    // Times in Bishkek, numbers in the interface language's format.
    expect(rowOf(118)).toHaveTextContent(
      '118Asanov Bakyt+996 (555) 12-34-56Ala-Too#2 · CCS Combo 2Card at the station06.05.2024 14:3006.05.2024 16:001 h 30 min12.34510.00123.450.00123.45Personal balanceFinishedSuccessful',
    );
    expect(rowOf(119)).toHaveTextContent('119Unknown tagSTRANGERAla-Too');
    expect(within(rowOf(119)).getByText('Unauthorized')).toBeInTheDocument();
    expect(within(rowOf(119)).getByText('Failed')).toBeInTheDocument();

    await user.click(within(rowOf(118)).getByText('Ala-Too'));
    const details = await screen.findByTestId('charge-details');
    expect(screen.getByText('Charge no. 118')).toBeInTheDocument();
    for (const text of [
      '100.000 kWh',
      '112.345 kWh',
      '112.345 kWh at 06.05.2024 16:00',
      '49.5 kW',
      '80 %',
      "The connector's own tariff",
      '123.45 som',
      'Vehicle disconnected',
    ]) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(within(rowOf(118)).getByRole('link', { name: 'Asanov Bakyt' }));
    expect(router.state.location.pathname).toBe('/users/user/7');
  });

  it('shows a running charge’s total as not yet known, never 0 beside its growing amount, in its row and on its card', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({
      'GET /users/transactions/': () => page([aCharge(4606, running), aCharge(118)]),
      'GET /users/transactions/4606/': () => jsonResponse(200, aChargeDetail(4606, { ...running, meter_stop: null })),
      'GET /stations/for-transaction/': stations,
      'GET /ads/promotions/': promotions,
    });
    render();
    await screen.findByRole('button', { name: 'Open charge no. 4606' });
    expect(rowOf(4606)).toHaveTextContent('12.560.00— running');
    expect(rowOf(118)).toHaveTextContent('123.450.00123.45');

    await user.click(screen.getByRole('button', { name: 'Open charge no. 4606' }));
    const details = await screen.findByTestId('charge-details');
    expect(within(details).getByTestId('charge-total-running')).toHaveTextContent(
      '— Known when the charge ends: a promotion’s discount is settled then',
    );
    expect(within(details).queryByText('0.00 som')).toBeNull();
  });

  it('does not send a charge number typed with letters, and says why until it is corrected', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /users/transactions/': (request) =>
        page(request.url.searchParams.has('search_by_tx_id') ? [aCharge(118)] : [aCharge(119), aCharge(118)]),
      'GET /stations/for-transaction/': stations,
      'GET /ads/promotions/': promotions,
    });
    const { router } = render();
    await screen.findByRole('button', { name: 'Open charge no. 119' });
    const number = screen.getByLabelText('Charge number');
    await user.type(number, 'abc-1');
    expect(await screen.findByText('Enter a whole number')).toBeInTheDocument();
    expect(number).toHaveAccessibleDescription('Enter a whole number');
    expect(router.state.location.search).toBe('');
    await user.clear(number);
    await user.type(number, '118');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open charge no. 119' })).toBeNull());
    expect(screen.queryByText('Enter a whole number')).toBeNull();
    expect(api.callsTo('GET /users/transactions/').map((call) => call.url.searchParams.get('search_by_tx_id'))).toEqual(
      [null, '118'],
    );
  });

  it('sends the chosen filters under the API names and keeps them in the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /users/transactions/': (request) => page(request.url.searchParams.size > 2 ? [] : [aCharge(118)]),
      'GET /stations/for-transaction/': stations,
      'GET /ads/promotions/': promotions,
    });
    const { router } = render();
    await screen.findByRole('button', { name: 'Open charge no. 118' });
    const lastQuery = () => queryOf(api.callsTo('GET /users/transactions/').at(-1)!);

    await user.type(screen.getByLabelText('Charge number'), '118');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', size: '10', search_by_tx_id: '118' }));

    await user.type(screen.getByLabelText('Stations'), 'dor');
    await waitFor(() =>
      expect(api.callsTo('GET /stations/for-transaction/').at(-1)!.url.searchParams.get('search')).toBe('dor'),
    );
    await user.click(await screen.findByTitle('Dordoi'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ station_id__in: '5' }));

    await user.click(screen.getByLabelText('Statuses'));
    await user.click(await screen.findByTitle('Finished'));
    await user.click(await screen.findByTitle('Stopped'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'finished,stopped' }));

    await user.click(screen.getByLabelText('Started by'));
    await user.click(await screen.findByTitle('App'));
    await user.click(await screen.findByTitle('Back office'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ source: 'app,back_office' }));

    const period = within(screen.getByRole('group', { name: 'Start date' }));
    typeInto(period.getByPlaceholderText('From date'), '01.05.2024');
    typeInto(period.getByPlaceholderText('To date'), '31.05.2024');
    const finish = within(screen.getByRole('group', { name: 'Finish time' }));
    typeInto(finish.getByPlaceholderText('From'), '22:00');
    typeInto(finish.getByPlaceholderText('To'), '06:30');
    const expected = {
      search_by_tx_id: '118',
      station_id__in: '5',
      status: 'finished,stopped',
      source: 'app,back_office',
      period__from: '2024-05-01',
      period__to: '2024-05-31',
      finished_time__from: '22:00:00',
      finished_time__to: '06:30:59',
    };
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', size: '10', ...expected }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(expected);
    // Spec 8: the same words as the other lists for an empty search result.
    expect(
      await screen.findByText('Unfortunately nothing was found. Check the correctness of the search data.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(await screen.findByRole('button', { name: 'Open charge no. 118' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows a charge’s promotion and how it was started, and filters by promotions searched by title', async () => {
    const user = userEvent.setup({ delay: null });
    const discounted = { promotion: 22, promotion_name: 'Weekend −20%', discount: 24.69, total: 98.76 };
    const api = stubFetch({
      'GET /users/transactions/': () =>
        page([aCharge(121, { ...discounted, source: 'app', source_name: 'App' }), aCharge(118)]),
      'GET /users/transactions/121/': () => jsonResponse(200, aChargeDetail(121, { ...discounted, source: 'app' })),
      'GET /stations/for-transaction/': stations,
      'GET /ads/promotions/': promotions,
    });
    const { router } = render('/chargers-list?promotion_id__in=21');
    await screen.findByRole('button', { name: 'Open charge no. 121' });
    expect(rowOf(121)).toHaveTextContent('App06.05.2024');
    expect(rowOf(121)).toHaveTextContent('123.4524.69Weekend −20%98.76');
    expect(rowOf(118)).toHaveTextContent('Card at the station06.05.2024');
    expect(rowOf(118)).toHaveTextContent('123.450.00123.45');
    // A promotion chosen before (the address) stays chosen beside the one picked now.
    const filter = screen.getByLabelText('Promotions');

    await user.type(filter, 'week');
    await waitFor(() =>
      expect(api.callsTo('GET /ads/promotions/').at(-1)!.url.searchParams.get('search')).toBe('week'),
    );
    await user.click(await screen.findByTitle('Weekend −20%'));
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /users/transactions/').at(-1)!)).toEqual({
        page: '1',
        size: '10',
        promotion_id__in: '21,22',
      }),
    );
    expect(router.state.location.search).toBe('?promotion_id__in=21%2C22');

    await user.click(screen.getByRole('button', { name: 'Open charge no. 121' }));
    const details = await screen.findByTestId('charge-details');
    expect(within(details).getByText('Weekend −20%')).toBeInTheDocument();
    expect(within(details).getByText('App')).toBeInTheDocument();
  });

  it('marks a charge for review in its row and on its card, and filters by the reasons', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /users/transactions/': () =>
        page([aCharge(120, { consumed: 5, total: 62.5, review_reason: 'stop_implausible' }), aCharge(118)]),
      'GET /users/transactions/120/': () =>
        jsonResponse(200, aChargeDetail(120, { consumed: 5, meter_stop: 105, review_reason: 'stop_implausible' })),
      'GET /stations/for-transaction/': stations,
      'GET /ads/promotions/': promotions,
    });
    const { router } = render();
    await screen.findByRole('button', { name: 'Open charge no. 120' });
    expect(within(rowOf(120)).getByRole('img', { name: 'Implausible stop meter' })).toBeInTheDocument();
    expect(within(rowOf(118)).queryByTestId('charge-review-mark')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open charge no. 120' }));
    const details = await screen.findByTestId('charge-details');
    expect(within(details).getByText('Marked for review')).toBeInTheDocument();
    expect(
      within(details).getByText(
        'The meter at the stop was more than the connector can deliver in the time: the charge was billed by the last plausible reading.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(screen.getByLabelText('Marked for review'));
    await user.click(await screen.findByTitle('Meter jump ignored'));
    await user.click(await screen.findByTitle('Implausible stop meter'));
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /users/transactions/').at(-1)!)).toEqual({
        page: '1',
        size: '10',
        review: 'meter_jump,stop_implausible',
      }),
    );
    expect(router.state.location.search).toBe('?review=meter_jump%2Cstop_implausible');
  });

  it('names the one driver a link narrowed the list to, and shows everyone’s charges once that is removed', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /users/transactions/': (request) => page(request.url.searchParams.has('user') ? [aCharge(118)] : []),
      'GET /stations/for-transaction/': stations,
      'GET /ads/promotions/': promotions,
    });
    const { router } = render('/chargers-list?user=7&station_id__in=3,x');
    // By id until the driver's first row names them.
    await waitFor(() => expect(screen.getByTestId('charges-driver')).toHaveTextContent('User: Asanov Bakyt'));
    // A malformed filter from a hand-edited address is no filter, not a failed list.
    expect(queryOf(api.callsTo('GET /users/transactions/')[0]!)).toEqual({ page: '1', size: '10', user: '7' });

    await user.click(screen.getByRole('button', { name: 'Show the charges of all users' }));
    expect(router.state.location.search).toBe('?station_id__in=3%2Cx');
    expect(
      await screen.findByText('Unfortunately nothing was found. Check the correctness of the search data.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(await screen.findByText('There are no charges yet')).toBeInTheDocument();
  });
});
