import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { StationForm } from './station-form.tsx';
import { aStation } from './station-test-data.ts';
import { bishkekLocations } from '../../components/location-test-data.ts';

inEnglish();

const locations = bishkekLocations;

function dictionaries(request: SeenRequest) {
  return request.url.searchParams.get('info') === 'types'
    ? jsonResponse(200, { type2: 'Type 2 (Mennekes)', ccs2: 'CCS Combo 2' })
    : jsonResponse(200, { 1: 'Left', 2: 'Right', 3: 'Front', 4: 'Back' });
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const modulesItem = () => screen.getAllByTestId('module-card')[0]!.closest<HTMLElement>('.ant-form-item')!;

const routes = [
  { path: '/merchants/merchant/:id/station-info/:stationId', element: <p data-testid="card">card</p> },
  { path: '/merchants/merchant/:id', element: <p data-testid="merchant">merchant</p> },
];

describe('station form', { timeout: 60_000 }, () => {
  it('edits a station: the changed field and the connectors in one multipart request, then back to the card', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const api = stubFetch({
      'GET /stations/update/8/': () => jsonResponse(200, aStation()),
      'GET /common/locations/': locations,
      'GET /stations/connectors-types-positions/': dictionaries,
      'PATCH /stations/update/8/': () => jsonResponse(200, aStation({ pic: 'Bakyt' })),
    });
    const { router } = renderScreen(<StationForm />, {
      path: '/merchants/merchant/5/edit-station/8',
      pattern: '/merchants/merchant/:id/edit-station/:stationId',
      routes,
    });
    expect(await screen.findByLabelText('Unique station identifier')).toHaveValue('CP-008');
    // Never read back: empty, and kept unless typed.
    expect(screen.getByLabelText('Station password')).toHaveValue('');

    const modules = screen.getAllByTestId('module-card');
    expect(modules.map((module) => within(module).getAllByTestId('connector-card').length)).toEqual([2, 1]);
    fill('Responsible person', 'Bakyt');
    await user.click(screen.getByRole('button', { name: 'Remove connector 1 of EVSE 1' }));
    // The rest is renumbered: module 1 holds one connector, now number 1.
    await waitFor(() =>
      expect(within(screen.getAllByTestId('module-card')[0]!).getAllByTestId('connector-card')).toHaveLength(1),
    );

    // An edit may open any language; the last one saves.
    await user.click(screen.getByText('English'));
    await user.click(await screen.findByTestId('stepper-submit'));
    await waitFor(() => expect(api.callsTo('PATCH /stations/update/8/')).toHaveLength(1));
    const sent = api.callsTo('PATCH /stations/update/8/')[0]!.body as FormData;
    expect(sent.get('pic')).toBe('Bakyt');
    expect(sent.getAll('deleted_conns_ids[0]')).toEqual(['1']);
    expect([sent.get('connectors[0][id]'), sent.get('connectors[1][id]'), sent.get('connectors[2][id]')]).toEqual([
      '2',
      '3',
      null,
    ]);
    expect(api.calls.filter((call) => call.method !== 'GET').map((call) => call.key)).toEqual([
      'PATCH /stations/update/8/',
    ]);

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Changes saved');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchants/merchant/5/station-info/8'));
  });

  it('adds a connector in the 352 px modal: type required, cable length an integer or empty (null), a shared position flagged', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const api = stubFetch({
      'GET /stations/update/8/': () => jsonResponse(200, aStation()),
      'GET /common/locations/': locations,
      'GET /stations/connectors-types-positions/': dictionaries,
      'PATCH /stations/update/8/': () => jsonResponse(200, aStation()),
    });
    renderScreen(<StationForm />, {
      path: '/merchants/merchant/5/edit-station/8',
      pattern: '/merchants/merchant/:id/edit-station/:stationId',
      routes,
    });
    const second = (await screen.findAllByTestId('module-card'))[1]!;
    await user.click(within(second).getByRole('button', { name: 'Add connector' }));

    const modal = await screen.findByTestId('connector-form');
    const dialog = modal.closest<HTMLElement>('.ant-modal')!;
    expect(dialog.style.width).toBe('352px');
    expect(dialog).toHaveTextContent('New connector');
    fireEvent.change(within(modal).getByLabelText('Cable length, m'), { target: { value: '07' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Cable length must be an integer')).toBeInTheDocument();
    expect(within(modal).getByText('Field cannot be blank')).toBeInTheDocument();

    fireEvent.change(within(modal).getByLabelText('Cable length, m'), { target: { value: '' } });
    await user.click(within(modal).getByLabelText('Connector type'));
    await user.click(await screen.findByTitle('CCS Combo 2'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('connector-form')).not.toBeInTheDocument());

    const cards = within(screen.getAllByTestId('module-card')[1]!).getAllByTestId('connector-card');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent('Connector 2New');
    expect(cards[1]).toHaveTextContent('CCS Combo 2 · 0 kW');
    // Position 1 (the default) is connector 1's of module 1: both are flagged.
    expect(screen.getAllByText('Another connector of the station has this position')).toHaveLength(2);

    // Saving is refused while two connectors share a position.
    await user.click(screen.getByText('English'));
    await user.click(await screen.findByTestId('stepper-submit'));
    await waitFor(() => expect(modulesItem()).toHaveTextContent('Connector positions cannot be the same'));
    expect(api.callsTo('PATCH /stations/update/8/')).toHaveLength(0);

    await user.click(screen.getByLabelText('Position of connector 2 of EVSE 2'));
    await user.click(await screen.findByTitle('Back'));
    await user.click(screen.getByTestId('stepper-submit'));
    await waitFor(() => expect(api.callsTo('PATCH /stations/update/8/')).toHaveLength(1));
    const sent = api.callsTo('PATCH /stations/update/8/')[0]!.body as FormData;
    // New (no id), the empty cable length left out (null), power at its default 0; no field but the connectors.
    expect([...sent.entries()].filter(([name]) => name.startsWith('connectors[3]'))).toEqual([
      ['connectors[3][evse_id]', '2'],
      ['connectors[3][connector_id]', '2'],
      ['connectors[3][typo]', 'ccs2'],
      ['connectors[3][position]', '4'],
      ['connectors[3][power_kWh]', '0'],
    ]);
    expect([...sent.keys()].every((name) => name.startsWith('connectors['))).toBe(true);
  });

  it('says what a new station still needs: schedule, a connector, a photo', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const api = stubFetch({
      'GET /common/locations/': locations,
      'GET /stations/connectors-types-positions/': dictionaries,
    });
    renderScreen(<StationForm />, {
      path: '/merchants/merchant/5/create-station',
      pattern: '/merchants/merchant/:id/create-station',
    });
    for (const lang of ['Kyrgyz', 'Russian'] as const) {
      fill(`Name in ${lang}`, 'Станция');
      fill(`Address in ${lang}`, 'Чуй 1');
      await user.click(screen.getByTestId('stepper-next'));
    }
    fill('Name in English', 'Station');
    fill('Address in English', 'Chui 1');
    await user.click(screen.getByTestId('stepper-submit'));

    expect(await screen.findByText('Incorrectly filled field')).toBeInTheDocument();
    const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);
    await waitFor(() =>
      expect(errors()).toEqual(expect.arrayContaining(['Specify operating mode', 'Add a connector', 'Upload a photo'])),
    );
    expect(screen.getByLabelText('Station password').closest('.ant-form-item')).toHaveTextContent(
      'Field cannot be blank',
    );
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });
});
