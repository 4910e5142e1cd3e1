import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { StationDetail } from './station-detail.tsx';
import { aConnector, aConnectorCharge, anOcppStatus, aStation, onCard } from './station-test-data.ts';

inEnglish();

const PATTERN = '/merchants/merchant/:id/station-info/:stationId';
const routes = [{ path: '/merchants/merchant/:id/edit-station/:stationId', element: <p data-testid="edit">edit</p> }];
// The card's command log (station-ocpp-commands.test.tsx) and message log (station-message-log.test.tsx): empty here.
const noEntries = () => jsonResponse(200, { items: [], page: 1, pages: 1, size: 10, total: 0 });
const logs = { 'GET /stations/8/ocpp/commands/': noEntries, 'GET /stations/8/ocpp/messages/': noEntries };
const render = (path = '/merchants/merchant/5/station-info/8') =>
  renderScreen(<StationDetail />, { path, pattern: PATTERN, routes });

describe('station card', { timeout: 60_000 }, () => {
  it('shows everything of the station but its password, and its modules with their connectors in order', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({ 'GET /stations/8/': () => jsonResponse(200, aStation()), ...logs });
    const { router } = render();
    const details = await screen.findByTestId('station-details');
    for (const text of [
      'Вольт Чуй',
      'Вольт Чүй',
      'CP-008',
      'Asel Toktogulova',
      'ABB',
      'Floor',
      'Чүй 1',
      'Kyrgyzstan, Bishkek',
      '42.870000, 74.590000',
    ]) {
      expect(details).toHaveTextContent(text);
    }
    expect(details).not.toHaveTextContent(/password/i);
    expect(within(details).getByTestId('station-status-switch')).not.toBeChecked();
    expect(screen.getByRole('img', { name: 'Avatar' })).toHaveAttribute('src', '/media/stations/avatar.jpg');

    // The gallery in its order: the photo first, then the video.
    const gallery = screen.getByTestId('station-gallery');
    expect(within(gallery).getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/media/stations/front.jpg');
    expect(gallery.querySelector('video')).toHaveAttribute('src', '/media/stations/tour.mp4');

    const modules = screen.getAllByTestId('module-view');
    expect(modules.map((module) => module.querySelector('.ant-card-head')!.textContent)).toEqual([
      'EVSE 1No. A-17',
      'EVSE 2',
    ]);
    const first = within(modules[0]!).getAllByTestId('connector-view');
    expect(first.map((card) => card.querySelector('.ant-card-head-title')!.textContent)).toEqual([
      'Connector 1',
      'Connector 2',
    ]);
    expect(first[1]).toHaveTextContent('5 m');
    expect(first[1]).toHaveTextContent('Default tariff');
    const ccs = within(modules[1]!).getByTestId('connector-view');
    expect(ccs).toHaveTextContent('CCS Combo 2');
    expect(ccs).toHaveTextContent('Front');
    expect(ccs).toHaveTextContent('60 kW');
    expect(ccs).toHaveTextContent('14.50 som/kWh');

    expect(screen.getByTestId('schedule-summary')).toHaveTextContent('09:00-18:00, days off: Sat, Sun');
    expect(screen.getByText('Cafe')).toBeInTheDocument();
    expect(screen.getByText('Parking')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(router.state.location.pathname).toBe('/merchants/merchant/5/edit-station/8');
  });

  it("shows the station online, each connector's OCPP status, and the charge in progress with a link to it", async () => {
    const station = aStation({
      online: true,
      last_seen_at: '2024-05-06T09:15:00.000Z',
      connectors: [
        { ...onCard(aConnector(1, 1, 1)), ocpp_status: anOcppStatus('Charging'), charge: aConnectorCharge() },
        { ...onCard(aConnector(2, 1, 2)), ocpp_status: anOcppStatus('Faulted', { error_code: 'GroundFailure' }) },
        onCard(aConnector(3, 1, 3)),
      ],
    });
    stubFetch({ 'GET /stations/8/': () => jsonResponse(200, station), ...logs });
    render();
    const details = await screen.findByTestId('station-details');
    expect(within(details).getByTestId('station-online')).toHaveTextContent('Online');
    // Bishkek time.
    expect(details).toHaveTextContent('06.05.2024 15:15');

    const [charging, faulted, silent] = screen.getAllByTestId('connector-view');
    expect(charging!.querySelector('.ant-card-extra')).toHaveTextContent('Charging');
    expect(faulted!.querySelector('.ant-card-extra')).toHaveTextContent('Faulted · Ground failure');
    expect(silent!.querySelector('.ant-card-extra')).toHaveTextContent('No status');
    expect(within(faulted!).queryByTestId('connector-charge')).not.toBeInTheDocument();

    const charge = within(charging!).getByTestId('connector-charge');
    for (const text of [
      'Charge in progress',
      'Asanov Bakyt',
      '06.05.2024 14:30',
      '12.345 kWh',
      '154.31 som',
      '49.5 kW',
      '64 %',
    ]) {
      expect(charge).toHaveTextContent(text);
    }
    expect(within(charge).getByRole('link', { name: 'Charge no. 118 in the charge list' })).toHaveAttribute(
      'href',
      '/chargers-list?search_by_tx_id=118',
    );
    expect(within(charge).getByRole('link', { name: 'Asanov Bakyt' })).toHaveAttribute('href', '/users/user/7');
  });

  it('switches the status after a confirmation naming the station', async () => {
    const user = userEvent.setup({ delay: null });
    let station = aStation();
    const api = stubFetch({
      'GET /stations/8/': () => jsonResponse(200, station),
      ...logs,
      'PATCH /stations/statuses/': () => {
        station = { ...station, status: 0 };
        return jsonResponse(200, []);
      },
    });
    render();
    await user.click(await screen.findByTestId('station-status-switch'));
    const title = await screen.findByText('Activate the station?', { selector: '.ant-modal-confirm-title' });
    const dialog = title.closest<HTMLElement>('[role="dialog"]')!;
    expect(dialog).toHaveTextContent('Volt Chui');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByTestId('station-status-switch')).toBeChecked());
    expect(api.callsTo('PATCH /stations/statuses/')[0]!.json()).toEqual({ ids: [8], status: 0 });
  });

  it("is not found for another merchant's station, and leads back to the merchant", async () => {
    stubFetch({ 'GET /stations/8/': () => jsonResponse(200, aStation({ merchant: 6 })) });
    render();
    expect(await screen.findByTestId('station-not-found')).toHaveTextContent('Station not found');
    expect(screen.getByRole('link', { name: 'Back to the merchant' })).toHaveAttribute('href', '/merchants/merchant/5');
  });

  it('is not found for a station that does not exist', async () => {
    stubFetch({ 'GET /stations/9/': () => jsonResponse(404, { detail: 'Not found.' }) });
    render('/merchants/merchant/5/station-info/9');
    expect(await screen.findByTestId('station-not-found')).toBeInTheDocument();
  });
});
