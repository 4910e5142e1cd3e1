import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, type FetchHandler } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { ChargeList } from './charge-list.tsx';
import { aCharge, aChargeDetail, page, running } from './charge-test-data.ts';

inEnglish();

const rowOf = (id: number) => screen.getByRole('button', { name: `Open charge no. ${id}` }).closest('tr')!;
const confirmDialog = async () =>
  (await screen.findByText('Stop charge no. 120?', { selector: '.ant-modal-confirm-title' })).closest<HTMLElement>(
    '[role="dialog"]',
  )!;

/** /chargers-list with charge 120 charging, 121 paused, 118 finished; `stop` answers the stop request. */
function render(stop: FetchHandler) {
  const api = stubFetch({
    'GET /users/transactions/': () =>
      page([aCharge(121, { ...running, status: 'pause' }), aCharge(120, running), aCharge(118)]),
    'GET /users/transactions/120/': () => jsonResponse(200, aChargeDetail(120, running)),
    'GET /stations/for-transaction/': () => page([]),
    'GET /ads/promotions/': () => page([]),
    'POST /users/transactions/stop/': stop,
  });
  renderScreen(<ChargeList />, { path: '/chargers-list', pattern: '/chargers-list' });
  return api;
}

describe('stopping a charge', { timeout: 60_000 }, () => {
  it('is offered for a charge in progress or paused only, asks naming the charge, user and station, and says the request was sent', async () => {
    const user = userEvent.setup({ delay: null });
    const api = render(() =>
      jsonResponse(200, { success: true, outcome: 'accepted', outcome_name: 'Accepted by the station' }),
    );
    await screen.findByRole('button', { name: 'Open charge no. 120' });
    expect(within(rowOf(121)).getByRole('button', { name: 'Stop charge no. 121' })).toBeInTheDocument();
    expect(within(rowOf(118)).queryByRole('button', { name: /^Stop/ })).not.toBeInTheDocument();

    // By keyboard: the button, Enter, and Enter again on the dialog's focused Stop.
    within(rowOf(120)).getByRole('button', { name: 'Stop charge no. 120' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('charge-stop-summary')).toHaveTextContent('User: Asanov BakytStation: Ala-Too');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Stop' })).toHaveFocus());
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Request successfully sent')).toBeInTheDocument();
    expect(api.callsTo('POST /users/transactions/stop/').map((call) => call.json())).toEqual([{ transaction_id: 120 }]);
    // The list is read again for the charge's new state.
    await waitFor(() => expect(api.callsTo('GET /users/transactions/').length).toBeGreaterThan(1));
  });

  it('says the request failed when the station did not take it, with why, and when the server failed', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: FetchHandler = () =>
      jsonResponse(200, { success: false, outcome: 'offline', outcome_name: 'The station is offline' });
    render((request) => answer(request));
    await user.click(await screen.findByRole('button', { name: 'Stop charge no. 120' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Stop' }));
    const failure = await screen.findByText('An error occurred while processing the request');
    expect(failure.closest('.ant-notification-notice')).toHaveTextContent('The station is offline');
    expect(screen.queryByText('Request successfully sent')).not.toBeInTheDocument();

    answer = () => jsonResponse(500, { detail: 'boom' });
    await user.click(screen.getByRole('button', { name: 'Stop charge no. 120' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Stop' }));
    // A second notice, without a reason (the first may have gone by then).
    const notices = () =>
      screen
        .getAllByText('An error occurred while processing the request')
        .map((title) => title.closest('.ant-notification-notice')!);
    await waitFor(() => expect(notices().some((notice) => !notice.textContent!.includes('offline'))).toBe(true));
  });

  it('says so when a stop of the charge is already under way', async () => {
    const user = userEvent.setup({ delay: null });
    render(() => jsonResponse(409, { detail: 'A stop of this charge is already under way' }));
    await user.click(await screen.findByRole('button', { name: 'Stop charge no. 120' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('A stop of this charge is already under way')).toBeInTheDocument();
    expect(screen.queryByText('An error occurred while processing the request')).not.toBeInTheDocument();
  });

  it("is offered in the charge's drawer too", async () => {
    const user = userEvent.setup({ delay: null });
    const api = render(() =>
      jsonResponse(200, { success: true, outcome: 'accepted', outcome_name: 'Accepted by the station' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Open charge no. 120' }));
    const drawer = await screen.findByTestId('charge-drawer');
    await user.click(await within(drawer).findByRole('button', { name: 'Stop' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Request successfully sent')).toBeInTheDocument();
    expect(api.callsTo('POST /users/transactions/stop/').map((call) => call.json())).toEqual([{ transaction_id: 120 }]);
  });
});
