import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DriverIdTag, DriverListItem } from '@evcms/contracts/drivers';
import type { RemoteStartAnswer } from '@evcms/contracts/ocpp-commands';
import { jsonResponse, stubFetch, type FetchHandler } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { StationDetail } from './station-detail.tsx';
import { aStation } from './station-test-data.ts';

inEnglish();

const PATTERN = '/merchants/merchant/:id/station-info/:stationId';
const empty = () => jsonResponse(200, { items: [], page: 1, pages: 0, size: 10, total: 0 });

const aDriver = (id: number, surname: string, firstName: string, phone: string): DriverListItem => ({
  id,
  account: `1000000${id}`,
  surname,
  first_name: firstName,
  phone,
  email: null,
  registered_at: '2024-05-06T08:30:00.000Z',
  balance: 150,
  platform: null,
  app_version: null,
  blocked: false,
  referral_code: '0A1B2C3D',
});
const aTag = (id: number, idTag: string, blocked = false): DriverIdTag => ({
  id,
  id_tag: idTag,
  blocked,
  created_at: '2024-05-06T08:30:00.000Z',
});

const ASANOV = aDriver(7, 'Asanov', 'Bakyt', '996555123456');
const ASANOVA = aDriver(9, 'Asanova', 'Aigul', '996700654321');

/** The station card with the drivers' search answering `Asan` with the Asanovs, and `answer` for the start. */
function render(tags: DriverIdTag[], answer: FetchHandler) {
  const api = stubFetch({
    'GET /stations/8/': () => jsonResponse(200, aStation()),
    'GET /stations/8/ocpp/commands/': empty,
    'GET /stations/8/ocpp/messages/': empty,
    'GET /users/': (request) => {
      const found = request.url.searchParams.get('search') === 'Asan' ? [ASANOV, ASANOVA] : [];
      return jsonResponse(200, { items: found, page: 1, pages: 1, size: 20, total: found.length });
    },
    'GET /users/7/id-tags/': () => jsonResponse(200, tags),
    'POST /stations/8/ocpp/remote-start/': answer,
  });
  renderScreen(<StationDetail />, { path: '/merchants/merchant/5/station-info/8', pattern: PATTERN });
  return api;
}

const answered = (extra: Partial<RemoteStartAnswer>) => () =>
  jsonResponse(200, {
    success: true,
    outcome: 'accepted',
    outcome_name: 'Accepted by the station',
    status: 'Accepted',
    command_id: 5,
    charge_id: 120,
    ...extra,
  });

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Start a charge' }));
  return (await screen.findByText('Start a charge for a user', { selector: '.ant-modal-title' })).closest<HTMLElement>(
    '.ant-modal',
  )!;
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.click(await screen.findByText(text, { selector: '.ant-select-item-option-content' }));
}

async function findDriver(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const driver = within(dialog).getByRole('combobox', { name: 'User' });
  await user.type(driver, 'Asan');
  await user.click(
    await screen.findByText('Asanov Bakyt · +996 (555) 12-34-56', { selector: '.ant-select-item-option-content' }),
  );
}

/** Opens the dialog and chooses connector 1 and Asanov Bakyt; returns the dialog. */
async function chooseConnector1AndAsanov(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await openDialog(user);
  await chooseOption(
    user,
    within(dialog).getByRole('combobox', { name: 'Connector' }),
    'Connector 1 · Type 2 (Mennekes)',
  );
  await findDriver(user, dialog);
  return dialog;
}

describe('starting a charge from the station card', { timeout: 60_000 }, () => {
  it('chooses nothing beforehand, finds the driver, asks for the tag of several, and says the station took it', async () => {
    const user = userEvent.setup({ delay: null });
    const api = render([aTag(1, 'CARD-1'), aTag(2, 'OLD-1', true), aTag(3, 'APP-1')], answered({}));
    const dialog = await openDialog(user);

    // No connector is chosen for the manager: Start asks for one, and for the driver.
    const connector = within(dialog).getByRole('combobox', { name: 'Connector' });
    await waitFor(() => expect(connector).toHaveFocus());
    expect(dialog).not.toHaveTextContent('Connector 1 ·');
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(within(dialog).getAllByText('Field cannot be blank')).toHaveLength(2));

    await chooseOption(user, connector, 'Connector 2 · Type 2 (Mennekes)');
    await findDriver(user, dialog);
    // Two usable tags: the manager picks one; a blocked tag is not offered.
    const tag = await within(dialog).findByRole('combobox', { name: 'Id tag' });
    await user.click(tag);
    expect(screen.queryByText('OLD-1', { selector: '.ant-select-item-option-content' })).not.toBeInTheDocument();
    await user.click(await screen.findByText('APP-1', { selector: '.ant-select-item-option-content' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));

    expect(
      await screen.findByText('The station accepted the start. Charge no. 120 is waiting for the car.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /stations/8/ocpp/remote-start/').map((call) => call.json())).toEqual([
      { connector_id: 2, driver_id: 7, id_tag: 'APP-1' },
    ]);
    expect(api.callsTo('GET /users/').at(-1)!.url.searchParams.get('search')).toBe('Asan');
  });

  it('leaves the one tag to the server and says in words why the station did not start', async () => {
    const user = userEvent.setup({ delay: null });
    const api = render(
      [aTag(1, 'CARD-1')],
      answered({ success: false, outcome: 'rejected', outcome_name: 'Rejected by the station', status: 'Rejected' }),
    );
    const dialog = await chooseConnector1AndAsanov(user);
    expect(await within(dialog).findByTestId('remote-start-id-tag')).toHaveTextContent('Id tag: CARD-1');
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));

    expect(await screen.findByText('The charge was not started')).toBeInTheDocument();
    expect(screen.getByText('Rejected by the station')).toBeInTheDocument();
    expect(api.callsTo('POST /stations/8/ocpp/remote-start/')[0]!.json()).toEqual({ connector_id: 1, driver_id: 7 });
  });

  it('puts a refusal before sending in the dialog’s words', async () => {
    const user = userEvent.setup({ delay: null });
    render([aTag(1, 'CARD-1')], () =>
      jsonResponse(409, { detail: "The driver's balance is too low to start a charge. Top up the balance first." }),
    );
    const dialog = await chooseConnector1AndAsanov(user);
    await within(dialog).findByTestId('remote-start-id-tag');
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(
      await screen.findByText("The driver's balance is too low to start a charge. Top up the balance first."),
    ).toBeInTheDocument();
  });
});
