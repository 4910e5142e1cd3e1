import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConfigurationAnswer, OcppCommandEntry } from '@evcms/contracts/ocpp-commands';
import { jsonResponse, stubFetch, type FetchHandler } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { StationDetail } from './station-detail.tsx';
import { aCommandEntry, aStation } from './station-test-data.ts';

inEnglish();

const PATTERN = '/merchants/merchant/:id/station-info/:stationId';
const page = (items: OcppCommandEntry[]) =>
  jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length });
const anEntry = aCommandEntry;

function render(routes: Record<string, FetchHandler>) {
  const api = stubFetch({ 'GET /stations/8/': () => jsonResponse(200, aStation()), ...routes });
  renderScreen(<StationDetail />, { path: '/merchants/merchant/5/station-info/8', pattern: PATTERN });
  return api;
}

const dialogTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;

describe('the station card’s OCPP commands', { timeout: 60_000 }, () => {
  it('lists the commands sent, with their outcome and who sent them', async () => {
    render({
      'GET /stations/8/ocpp/commands/': () =>
        page([
          anEntry(3, {
            action: 'UnlockConnector',
            params: { connectorId: 2 },
            outcome: 'rejected',
            outcome_name: 'Rejected by the station',
            response: { status: 'UnlockFailed' },
          }),
          anEntry(2, { outcome: null, outcome_name: null, response: null, finished_at: null }),
          anEntry(1, {
            outcome: 'offline',
            outcome_name: 'The station is offline',
            response: null,
            manager_id: null,
            manager_name: null,
          }),
        ]),
    });
    const log = await screen.findByTestId('station-command-log');
    await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(4));
    const [, unlock, waiting, offline] = within(log).getAllByRole('row');
    expect(unlock).toHaveTextContent('Unlock a connector');
    expect(unlock).toHaveTextContent('Connector: 2');
    expect(unlock).toHaveTextContent('Rejected by the station');
    expect(unlock).toHaveTextContent('Unlock failed');
    expect(unlock).toHaveTextContent('Aizada Bekova');
    expect(waiting).toHaveTextContent('Waiting for the answer');
    expect(offline).toHaveTextContent('The station is offline');
    expect(offline).toHaveTextContent('System');
  });

  it('unlocks a chosen connector, says what the station answered, and reads the log again', async () => {
    const user = userEvent.setup({ delay: null });
    let log: OcppCommandEntry[] = [];
    const api = render({
      'GET /stations/8/ocpp/commands/': () => page(log),
      'POST /stations/8/ocpp/unlock-connector/': () => {
        log = [anEntry(1, { action: 'UnlockConnector', params: { connectorId: 2 }, response: { status: 'Unlocked' } })];
        return jsonResponse(200, {
          success: true,
          outcome: 'accepted',
          outcome_name: 'Accepted by the station',
          status: 'Unlocked',
          command_id: 1,
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Unlock connector' }));
    const dialog = await dialogTitled('Unlock a connector');
    // The station's connectors by OCPP id; none is chosen beforehand.
    expect(dialog).toHaveTextContent('Choose a connector');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(
      await screen.findByText('Connector 2 · Type 2 (Mennekes)', { selector: '.ant-select-item-option-content' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));

    expect(await screen.findByText('The station answered: Unlocked')).toBeInTheDocument();
    expect(api.callsTo('POST /stations/8/ocpp/unlock-connector/')[0]!.json()).toEqual({ connector_id: 2 });
    expect(
      await within(screen.getByTestId('station-command-log')).findByText('Unlock a connector'),
    ).toBeInTheDocument();
  });

  it('says why a command failed', async () => {
    const user = userEvent.setup({ delay: null });
    render({
      'GET /stations/8/ocpp/commands/': () => page([]),
      'POST /stations/8/ocpp/trigger-message/': () =>
        jsonResponse(200, {
          success: false,
          outcome: 'timeout',
          outcome_name: 'The station did not answer in time',
          status: null,
          command_id: 4,
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Request a message' }));
    const dialog = await dialogTitled('Request a message from the station');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const failure = await screen.findByText('The command was not carried out');
    expect(failure.closest('.ant-notification-notice')).toHaveTextContent('The station did not answer in time');
  });

  it('shows the configuration, and changes a key that is not read-only', async () => {
    const user = userEvent.setup({ delay: null });
    let interval = '300';
    const configuration = (): ConfigurationAnswer => ({
      success: true,
      outcome: 'accepted',
      outcome_name: 'Accepted by the station',
      status: null,
      command_id: 5,
      configuration: [
        { key: 'HeartbeatInterval', readonly: false, value: interval },
        { key: 'NumberOfConnectors', readonly: true, value: '2' },
      ],
      unknown_keys: [],
    });
    const api = render({
      'GET /stations/8/ocpp/commands/': () => page([]),
      'POST /stations/8/ocpp/get-configuration/': () => jsonResponse(200, configuration()),
      'POST /stations/8/ocpp/change-configuration/': (request) => {
        interval = (request.json() as { value: string }).value;
        return jsonResponse(200, {
          success: true,
          outcome: 'accepted',
          outcome_name: 'Accepted by the station',
          status: 'Accepted',
          command_id: 6,
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Configuration' }));
    const table = await screen.findByTestId('station-configuration');
    await within(table).findByText('HeartbeatInterval');
    const readonlyRow = within(table).getByText('NumberOfConnectors').closest('tr')!;
    expect(readonlyRow).toHaveTextContent('Read only');
    expect(within(readonlyRow).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Change HeartbeatInterval' }));
    const input = within(table).getByRole('textbox', { name: 'New value of HeartbeatInterval' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.clear(input);
    await user.type(input, '120{Enter}');

    expect(await screen.findByText('The station answered: Accepted')).toBeInTheDocument();
    expect(api.callsTo('POST /stations/8/ocpp/change-configuration/')[0]!.json()).toEqual({
      key: 'HeartbeatInterval',
      value: '120',
    });
    // Asked again once the station took the change.
    await waitFor(() => expect(api.callsTo('POST /stations/8/ocpp/get-configuration/')).toHaveLength(2));
    expect(await within(table).findByText('120')).toBeInTheDocument();
  });
});
