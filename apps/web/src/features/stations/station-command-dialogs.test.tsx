import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { StationDetail } from './station-detail.tsx';
import { aConnector, aConnectorCharge, aStation, anOcppStatus, onCard } from './station-test-data.ts';

inEnglish();

/* The station card's commands that change the station: nothing chosen beforehand, and a question before taking it out of service or unlocking during a charge. */

const PATTERN = '/merchants/merchant/:id/station-info/:stationId';
const QUESTION = { selector: '.ant-modal-confirm-title' };
const ACCEPTED = {
  success: true,
  outcome: 'accepted',
  outcome_name: 'Accepted by the station',
  status: 'Accepted',
  command_id: 1,
};

/** Volt Chui with charge no. 118 running on connector 2 (OCPP id 2). */
function render() {
  const charging = aStation({
    connectors: [
      onCard(aConnector(1, 1, 1)),
      { ...onCard(aConnector(2, 1, 2)), ocpp_status: anOcppStatus('Charging'), charge: aConnectorCharge() },
    ],
  });
  const api = stubFetch({
    'GET /stations/8/': () => jsonResponse(200, charging),
    'GET /stations/8/ocpp/commands/': () => jsonResponse(200, { items: [], page: 1, pages: 1, size: 10, total: 0 }),
    'POST /stations/8/ocpp/change-availability/': () => jsonResponse(200, ACCEPTED),
    'POST /stations/8/ocpp/unlock-connector/': () => jsonResponse(200, { ...ACCEPTED, status: 'Unlocked' }),
  });
  renderScreen(<StationDetail />, { path: '/merchants/merchant/5/station-info/8', pattern: PATTERN });
  return api;
}

const dialogTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
const questionBox = (title: HTMLElement) => title.closest<HTMLElement>('.ant-modal-confirm')!;

async function pick(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, option: string) {
  await user.click(within(dialog).getByRole('combobox'));
  await user.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

describe('the station card’s commands that change the station', { timeout: 60_000 }, () => {
  it('changes availability only with a target and a type chosen, and asks before taking the station out of service during a charge', async () => {
    const user = userEvent.setup({ delay: null });
    const api = render();
    await user.click(await screen.findByRole('button', { name: 'Availability' }));
    const dialog = await dialogTitled('Change availability');
    // Nothing is chosen: Send says what is missing and sends nothing.
    expect(within(dialog).getByText('Choose the station or a connector')).toBeInTheDocument();
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(dialog.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(2));
    expect(api.callsTo('POST /stations/8/ocpp/change-availability/')).toHaveLength(0);

    await pick(user, dialog, 'The whole station');
    await user.click(within(dialog).getByRole('radio', { name: 'Out of service' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const question = await screen.findByText('Take the station «Volt Chui» out of service?', QUESTION);
    expect(questionBox(question)).toHaveTextContent('Charge no. 118 is running on connector 2.');
    // Cancel sends nothing and leaves the dialog as it was.
    await user.click(within(questionBox(question)).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByText('Take the station «Volt Chui» out of service?', QUESTION)).not.toBeInTheDocument(),
    );
    expect(api.callsTo('POST /stations/8/ocpp/change-availability/')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const again = await screen.findByText('Take the station «Volt Chui» out of service?', QUESTION);
    await user.click(within(questionBox(again)).getByRole('button', { name: 'Take out of service' }));
    await waitFor(() => expect(api.callsTo('POST /stations/8/ocpp/change-availability/')).toHaveLength(1));
    expect(api.callsTo('POST /stations/8/ocpp/change-availability/')[0]!.json()).toEqual({
      connector_id: 0,
      type: 'Inoperative',
    });
  });

  it('asks before taking an idle connector out of service, and puts one back in service at once', async () => {
    const user = userEvent.setup({ delay: null });
    const api = render();
    await user.click(await screen.findByRole('button', { name: 'Availability' }));
    let dialog = await dialogTitled('Change availability');
    await pick(user, dialog, 'Connector 1 · Type 2 (Mennekes)');
    await user.click(within(dialog).getByRole('radio', { name: 'Out of service' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const question = await screen.findByText('Take connector 1 of «Volt Chui» out of service?', QUESTION);
    expect(questionBox(question)).not.toHaveTextContent('is running');
    await user.click(within(questionBox(question)).getByRole('button', { name: 'Take out of service' }));
    await waitFor(() => expect(api.callsTo('POST /stations/8/ocpp/change-availability/')).toHaveLength(1));
    expect(api.callsTo('POST /stations/8/ocpp/change-availability/')[0]!.json()).toEqual({
      connector_id: 1,
      type: 'Inoperative',
    });

    await user.click(await screen.findByRole('button', { name: 'Availability' }));
    dialog = await dialogTitled('Change availability');
    await pick(user, dialog, 'Connector 1 · Type 2 (Mennekes)');
    await user.click(within(dialog).getByRole('radio', { name: 'In service' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST /stations/8/ocpp/change-availability/')).toHaveLength(2));
    expect(api.callsTo('POST /stations/8/ocpp/change-availability/')[1]!.json()).toEqual({
      connector_id: 1,
      type: 'Operative',
    });
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });

  it('unlocks only a chosen connector, and says a charge is running there and asks first', async () => {
    const user = userEvent.setup({ delay: null });
    const api = render();
    await user.click(await screen.findByRole('button', { name: 'Unlock connector' }));
    const dialog = await dialogTitled('Unlock a connector');
    expect(within(dialog).getByText('Choose a connector')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(dialog.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(1));
    expect(api.callsTo('POST /stations/8/ocpp/unlock-connector/')).toHaveLength(0);

    await pick(user, dialog, 'Connector 2 · Type 2 (Mennekes)');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    const question = await screen.findByText('Unlock connector 2 during a charge?', QUESTION);
    expect(questionBox(question)).toHaveTextContent('Charge no. 118 is running on connector 2.');
    expect(api.callsTo('POST /stations/8/ocpp/unlock-connector/')).toHaveLength(0);
    await user.click(within(questionBox(question)).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(api.callsTo('POST /stations/8/ocpp/unlock-connector/')).toHaveLength(1));
    expect(api.callsTo('POST /stations/8/ocpp/unlock-connector/')[0]!.json()).toEqual({ connector_id: 2 });
  });
});
