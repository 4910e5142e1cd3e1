import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StationListItem } from '@evcms/contracts/stations';
import { jsonResponse, stubFetch, type FetchHandler } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { MerchantStationList } from './station-list.tsx';
import { aConnector, anOcppStatus, aStationRow, onCard } from './station-test-data.ts';

inEnglish();

const page = (items: StationListItem[]) =>
  jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length });
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;
const routes = [
  { path: '/merchants/merchant/:id/station-info/:stationId', element: <p data-testid="card">card</p> },
  { path: '/merchants/merchant/:id/edit-station/:stationId', element: <p data-testid="edit">edit</p> },
  { path: '/merchants/merchant/:id/create-station', element: <p data-testid="create">create</p> },
];
const render = (queryClient?: QueryClient) =>
  renderScreen(<MerchantStationList merchantId={5} />, {
    path: '/merchants/merchant/5',
    pattern: '/merchants/merchant/:id',
    routes,
    queryClient,
  });

/*
 * The toolbar, selection and bulk rule are shared and tested with the tag and merchant lists;
 * here: what a station row shows, the merchant it asks for, and delete.
 */
describe('merchant station list', { timeout: 60_000 }, () => {
  it("asks for this merchant's stations and shows each row: link, schedule, status, connectors, first tag and +N", async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /stations/': () =>
        page([
          aStationRow(8, 'Volt Chui', 0, {
            is_new: true,
            connectors: [aConnector(1, 1, 1), aConnector(2, 1, 2, { typo_name: 'CCS Combo 2', power_kWh: 60.5 })].map(
              onCard,
            ),
            tags: [
              { id: 1, title: 'Cafe', active: true },
              { id: 2, title: 'Hotel', active: true },
              { id: 3, title: 'Mall', active: true },
            ],
            surroundings: [{ id: 6, title: 'Parking', icon_path: '', active: true }],
          }),
        ]),
    });
    const { router } = render();
    const link = await screen.findByRole('link', { name: 'Volt Chui' });
    expect(Object.fromEntries(api.callsTo('GET /stations/')[0]!.url.searchParams)).toEqual({
      merchant: '5',
      page: '1',
      size: '10',
    });
    expect(link).toHaveAttribute('href', '/merchants/merchant/5/station-info/8');

    const row = rowOf('Volt Chui');
    expect(row).toHaveTextContent('Bishkek, Chui 1');
    expect(row).toHaveTextContent('09:00-18:00, days off: Sat, Sun');
    expect(row).toHaveTextContent('ActiveNew');
    expect(row).toHaveTextContent('Type 2 (Mennekes) · 22 kW');
    expect(row).toHaveTextContent('CCS Combo 2 · 60.5 kW');
    expect(row).toHaveTextContent('Parking');
    expect(row).toHaveTextContent('Cafe');
    expect(row).not.toHaveTextContent('Hotel');
    await user.click(within(row).getByRole('button', { name: 'Show 2 more' }));
    expect(row).toHaveTextContent('Hotel');
    // The toggle opens the rest, not the card.
    expect(router.state.location.pathname).toBe('/merchants/merchant/5');

    await user.click(within(row).getByText('Bishkek, Chui 1'));
    expect(router.state.location.pathname).toBe('/merchants/merchant/5/station-info/8');
  });

  it("says in words whether each station is online, and each connector's last reported OCPP status", async () => {
    stubFetch({
      'GET /stations/': () =>
        page([
          aStationRow(8, 'Volt Chui', 0, {
            online: true,
            last_seen_at: '2024-05-06T08:30:00.000Z',
            connectors: [
              { ...onCard(aConnector(1, 1, 1)), ocpp_status: anOcppStatus('Charging') },
              {
                ...onCard(aConnector(2, 1, 2, { typo_name: 'CCS Combo 2', power_kWh: 60 })),
                ocpp_status: anOcppStatus('Available'),
              },
            ],
          }),
          aStationRow(9, 'Ohm Park', 0),
        ]),
    });
    render();
    await screen.findByRole('link', { name: 'Ohm Park' });
    expect(within(rowOf('Volt Chui')).getByTestId('station-online')).toHaveTextContent('Online');
    expect(within(rowOf('Ohm Park')).getByTestId('station-online')).toHaveTextContent('Offline');

    const connectors = within(rowOf('Volt Chui')).getAllByTestId('list-connector');
    expect(connectors.map((connector) => connector.textContent)).toEqual([
      'ChargingType 2 (Mennekes) · 22 kW',
      'AvailableCCS Combo 2 · 60 kW',
    ]);
    // Until the station reports it, a connector says it has no status.
    expect(within(rowOf('Ohm Park')).getByTestId('list-connector')).toHaveTextContent('No status');
  });

  it('deletes an inactive station after confirming; an active one cannot be deleted', async () => {
    const user = userEvent.setup({ delay: null });
    let stations = [aStationRow(8, 'Volt Chui', 0), aStationRow(9, 'Ohm Park', 1)];
    const api = stubFetch({
      'GET /stations/': () => page(stations),
      'DELETE /stations/9/': () => {
        stations = stations.filter((station) => station.id !== 9);
        return new Response(null, { status: 204 });
      },
    });
    render();
    await screen.findByRole('link', { name: 'Ohm Park' });
    const blocked = within(rowOf('Volt Chui')).getByRole('button', { name: 'Delete' });
    expect(blocked).toBeDisabled();
    // The tooltip says why.
    await user.hover(blocked);
    expect(await screen.findByText('An active station cannot be deleted: deactivate it first')).toBeInTheDocument();

    await user.click(within(rowOf('Ohm Park')).getByRole('button', { name: 'Delete' }));
    const title = await screen.findByText('Delete the station «Ohm Park»?', { selector: '.ant-modal-confirm-title' });
    await user.click(within(title.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ohm Park' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /stations/9/')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Volt Chui' })).toBeInTheDocument();
  });

  it('activates the selected stations after a confirmation with their count', async () => {
    const user = userEvent.setup({ delay: null });
    let stations = [aStationRow(8, 'Volt Chui', 1), aStationRow(9, 'Ohm Park', 1)];
    const api = stubFetch({
      'GET /stations/': () => page(stations),
      'PATCH /stations/statuses/': (request) => {
        const { ids, status } = request.json() as { ids: number[]; status: 0 | 1 };
        stations = stations.map((station) => (ids.includes(station.id) ? { ...station, status } : station));
        return jsonResponse(
          200,
          stations.filter((station) => ids.includes(station.id)),
        );
      },
    });
    render();
    await screen.findByRole('link', { name: 'Ohm Park' });
    await user.click(within(rowOf('Ohm Park')).getByRole('checkbox'));
    await user.click(within(rowOf('Volt Chui')).getByRole('checkbox'));
    await user.click(screen.getByTestId('bulk-status'));
    const title = await screen.findByText('Activate the selected items?', { selector: '.ant-modal-confirm-title' });
    const dialog = title.closest<HTMLElement>('[role="dialog"]')!;
    expect(dialog).toHaveTextContent('Selected: 2');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(api.callsTo('PATCH /stations/statuses/')).toHaveLength(1));
    expect(api.callsTo('PATCH /stations/statuses/')[0]!.json()).toEqual({ ids: [9, 8], status: 0 });
    await waitFor(() => expect(within(rowOf('Ohm Park')).getByRole('button', { name: 'Delete' })).toBeDisabled());
  });

  it('says when the merchant has no stations, and leads to the new station form', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({ 'GET /stations/': () => page([]) });
    const { router } = render();
    expect(await screen.findByText('This merchant has no stations yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add station' }));
    expect(router.state.location.pathname).toBe('/merchants/merchant/5/create-station');
  });

  it('shows a failed load with Retry', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: FetchHandler = () => jsonResponse(500, { detail: 'boom' });
    stubFetch({ 'GET /stations/': (request) => answer(request) });
    render(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('The list could not be loaded');
    answer = () => page([aStationRow(8, 'Volt Chui', 0)]);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Volt Chui' })).toBeInTheDocument();
  });
});
