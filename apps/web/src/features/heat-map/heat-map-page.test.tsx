import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLiveChange } from '../../lib/live-refresh.ts';
import { queryClient as appQueryClient } from '../../lib/query-client.ts';
import { jsonResponse, stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { HeatMapPage } from './heat-map-page.tsx';
import { heatMap, heatMapAnswers } from './heat-map-test-data.ts';

/* The screen with the real Leaflet (jsdom loads no tiles and draws no canvas: the circles without the heat). */

inEnglish();

const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const render = (path = '/heat-map', queryClient?: QueryClient) =>
  renderScreen(<HeatMapPage />, { path, pattern: '/heat-map', ...(queryClient && { queryClient }) });
const stationNames = () =>
  within(screen.getByTestId('heat-stations'))
    .getAllByRole('link')
    .map((link) => link.textContent);
const gridCell = (weekday: string, hour: number) => {
  const row = within(screen.getByTestId('heat-grid')).getByRole('rowheader', { name: weekday }).closest('tr')!;
  return within(row).getAllByRole('cell')[hour]!;
};
const markers = () => document.querySelectorAll('[data-testid="heat-map"] path.heat-map-station');

async function chooseOption(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.click(await screen.findByText(text, { selector: '.ant-select-item-option-content' }));
}

describe('the heat map', { timeout: 60_000 }, () => {
  it("shows the day's totals, a circle per station, the stations and the week's grid", async () => {
    const api = stubFetch(heatMapAnswers());
    render();
    expect(await screen.findByTestId('total-charges')).toHaveTextContent('32');
    expect(screen.getByTestId('total-turnover')).toHaveTextContent('2,250.00');
    expect(screen.getByTestId('total-average_bill')).toHaveTextContent('70.31');
    expect(queryOf(api.callsTo('GET /stations/heat-map/')[0]!)).toEqual({ period: 'day' });
    await waitFor(() => expect(markers()).toHaveLength(2));

    expect(stationNames()).toEqual(['Ala-Too', 'Osh Bazaar']);
    expect(screen.getByRole('link', { name: 'Osh Bazaar' })).toHaveAttribute(
      'href',
      '/merchants/merchant/4/station-info/2',
    );
    expect(
      screen.getByRole('table', { name: 'Charges by weekday and hour of day (Bishkek time)' }),
    ).toBeInTheDocument();
    expect(gridCell('Monday', 8)).toHaveTextContent('30');
    expect(within(screen.getByTestId('heat-grid')).getAllByRole('columnheader')[8]).toHaveAccessibleName('08:00');
    expect(gridCell('Friday', 18)).toHaveTextContent('2');
    expect(gridCell('Friday', 17)).toHaveTextContent('0');
    expect(screen.getByTestId('heat-grid-scale')).toHaveTextContent('Shade:030');
  });

  it('weighs by the average bill when toggled, and keeps it in the address', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch(heatMapAnswers());
    const { router } = render();
    await screen.findByTestId('total-charges');
    await user.click(screen.getByText('Average bill'));
    expect(router.state.location.search).toBe('?metric=average_bill');
    expect(
      screen.getByRole('table', { name: 'Average bill in som by weekday and hour of day (Bishkek time)' }),
    ).toBeInTheDocument();
    expect(gridCell('Friday', 18)).toHaveTextContent('375');
    expect(screen.getByTestId('heat-grid-scale')).toHaveTextContent('Shade:0375');
    expect(stationNames()).toEqual(['Osh Bazaar', 'Ala-Too']);
  });

  it('asks for a time of day, which may run past midnight', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch(heatMapAnswers());
    const { router } = render('/heat-map?period=week');
    await screen.findByTestId('total-charges');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Time of day: from' }), 'from 22:00');
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /stations/heat-map/').at(-1)!)).toEqual({
        period: 'week',
        hours__from: '22',
        hours__to: '23',
      }),
    );
    await chooseOption(user, screen.getByRole('combobox', { name: 'Time of day: to' }), 'to 06:00');
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /stations/heat-map/').at(-1)!)).toMatchObject({ hours__to: '6' }),
    );
    expect(router.state.location.search).toBe('?period=week&hours__from=22&hours__to=6');

    await chooseOption(user, screen.getByRole('combobox', { name: 'Time of day: from' }), 'All day');
    // Whole days again: the answer loaded first, still fresh in the cache.
    await waitFor(() => expect(router.state.location.search).toBe('?period=week'));
    expect(screen.queryByRole('combobox', { name: 'Time of day: to' })).not.toBeInTheDocument();
  });

  it('says when the period has no charges', async () => {
    stubFetch(heatMapAnswers(heatMap({ stations: [], totals: { charges: 0, turnover: 0, average_bill: 0 } })));
    render();
    expect(await screen.findByTestId('heat-map-empty')).toHaveTextContent('No data for this period');
  });

  it('still shows the figures and stations when the map cannot be set up', async () => {
    stubFetch({ ...heatMapAnswers(), 'GET /common/map-settings/': () => jsonResponse(500, {}) });
    render('/heat-map', new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    expect(await screen.findByText('The map could not be loaded.')).toBeInTheDocument();
    expect(stationNames()).toEqual(['Ala-Too', 'Osh Bazaar']);
  });

  it('opens the map over the whole screen', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch(heatMapAnswers());
    render();
    await waitFor(() => expect(markers()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    // antd names every element's id 'test-id' under test: the dialog is found by its title's text.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Map of charges');
    await waitFor(() => expect(dialog.querySelectorAll('path.heat-map-station')).toHaveLength(2));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('loads again when a charge completes', async () => {
    const api = stubFetch(heatMapAnswers());
    appQueryClient.clear();
    render('/heat-map', appQueryClient);
    await screen.findByTestId('total-charges');
    applyLiveChange({ resource: 'charges', ids: [41] });
    await waitFor(() => expect(api.callsTo('GET /stations/heat-map/')).toHaveLength(2));
    appQueryClient.clear();
  });
});
