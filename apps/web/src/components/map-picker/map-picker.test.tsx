import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type FetchHandler } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import type { CoordinateValue } from './coordinates.ts';
import { MapPickerButton } from './map-picker-button.tsx';

/*
 * The picker with the real Leaflet (it runs in jsdom, which loads no tile images); only fetch is
 * stubbed: the settings call, and the geocoder at the address the settings name.
 */

const SETTINGS = { tile_url: 'http://tiles.test/{z}/{x}/{y}.png', geocoder_url: 'http://geo.test' };

const addressAt: FetchHandler = ({ url }) =>
  jsonResponse(200, { display_name: `Address at ${url.searchParams.get('lat')}, ${url.searchParams.get('lon')}` });

function stubMap(geocoder: { reverse?: FetchHandler; search?: FetchHandler } = {}) {
  return stubFetch({
    'GET /common/map-settings/': () => jsonResponse(200, SETTINGS),
    'GET /reverse': geocoder.reverse ?? addressAt,
    'GET /search': geocoder.search ?? (() => jsonResponse(200, [])),
  });
}

async function openPicker(value?: CoordinateValue) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  renderScreen(<MapPickerButton value={value} onChange={onChange} />);
  await user.click(screen.getByRole('button', { name: 'Choose on the map' }));
  const map = await screen.findByTestId('map');
  return { onChange, user, map };
}

const popup = () => document.querySelector('.leaflet-popup-content')?.textContent;
const tileZooms = () =>
  new Set([...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((tile) => tile.src.split('/')[3]));

describe('MapPickerButton', () => {
  inEnglish();

  it("shows the station's address on its marker, and saves a clicked point with six decimals", async () => {
    const { calls } = stubMap();
    const { onChange, user, map } = await openPicker({ latitude: '42.874621', longitude: '74.569823' });
    await waitFor(() => expect(popup()).toBe('Address at 42.874621, 74.569823'));
    expect(calls.find((call) => call.key === 'GET /reverse')?.url.searchParams.get('accept-language')).toBe('en');
    expect(tileZooms()).toEqual(new Set(['13']));

    fireEvent.click(map, { clientX: 40, clientY: 25 });
    const dialog = (await screen.findByText('Save these coordinates?')).closest<HTMLElement>('.ant-modal')!;
    const shown = (await within(dialog).findByText(/^Latitude /)).textContent!;
    const [, latitude, longitude] = /^Latitude (\S+), longitude (\S+)$/.exec(shown)!;
    expect(latitude).toMatch(/^42\.8\d{5}$/);
    expect(longitude).toMatch(/^74\.5\d{5}$/);
    expect(await within(dialog).findByTestId('picked-address')).toHaveTextContent(
      `Address at ${latitude}, ${longitude}`,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save coordinates' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ latitude, longitude }, `Address at ${latitude}, ${longitude}`);
    await waitFor(() => expect(screen.queryByTestId('map')).not.toBeInTheDocument());
  });

  it('works from the keyboard: the search first, Enter saves the clicked point, Esc on the map closes it', async () => {
    stubMap();
    const first = await openPicker({ latitude: '42.874621', longitude: '74.569823' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search for a place' })).toHaveFocus());
    await waitFor(() => expect(popup()).toBe('Address at 42.874621, 74.569823'));
    fireEvent.click(first.map, { clientX: 40, clientY: 25 });
    const save = await screen.findByRole('button', { name: 'Save coordinates' });
    await waitFor(() => expect(save).toHaveFocus());
    await first.user.keyboard('{Enter}');
    await waitFor(() => expect(first.onChange).toHaveBeenCalledOnce());
    await waitFor(() => expect(screen.queryByTestId('map')).not.toBeInTheDocument());

    // Leaflet takes Esc on a focused map to close its popup; the dialog's Esc must still get through.
    await first.user.click(screen.getByRole('button', { name: 'Choose on the map' }));
    const map = await screen.findByTestId('map');
    await waitFor(() => expect(popup()).toBeTruthy());
    map.focus();
    // Leaflet reads keyCode, which user-event leaves at 0; a browser sets it.
    fireEvent.keyDown(map, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByTestId('map')).not.toBeInTheDocument());
  });

  it('opens near Bishkek without coordinates, and says only that the station is here when the lookup fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls } = stubMap({ reverse: () => jsonResponse(503, {}) });
    await openPicker({ latitude: '', longitude: '' });
    await waitFor(() => expect(popup()).toBe('The station is here'));
    const asked = calls.find((call) => call.key === 'GET /reverse')!.url.searchParams;
    expect([asked.get('lat'), asked.get('lon')]).toEqual(['42.870000', '74.590000']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Reverse geocoding failed'), expect.anything());
  });

  it('centres the map on a place found by the search, at zoom 12, with the marker there', async () => {
    const { calls, callsTo } = stubMap({
      search: () => jsonResponse(200, [{ lat: '42.4907', lon: '78.3936', display_name: 'Karakol, Issyk-Kul Region' }]),
    });
    const { user, map } = await openPicker();
    await waitFor(() => expect(popup()).toBe('Address at 42.870000, 74.590000'));

    await user.click(screen.getByRole('button', { name: 'Search for a place' }));
    await user.type(screen.getByRole('searchbox', { name: 'Address or place name' }), 'Karakol{Enter}');
    await waitFor(() => expect(popup()).toBe('Karakol, Issyk-Kul Region'));
    expect(tileZooms()).toEqual(new Set(['12']));
    expect(callsTo('GET /search')[0]!.url.searchParams.get('q')).toBe('Karakol');
    // The search named the place: its address is not asked for again.
    expect(calls.filter((call) => call.key === 'GET /reverse')).toHaveLength(1);
    // A click near the map's middle now proposes a point near Karakol.
    fireEvent.click(map, { clientX: 5, clientY: 5 });
    expect(await screen.findByText(/^Latitude 42\.49\d+, longitude 78\.39\d+$/)).toBeInTheDocument();
  });

  it('says the map is unavailable when its tiles cannot load, and a click on the grey area still offers its point', async () => {
    stubMap();
    const { map } = await openPicker({ latitude: '42.874621', longitude: '74.569823' });
    await waitFor(() => expect(document.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('map-unavailable')).not.toBeInTheDocument();
    // jsdom loads no image: each tile fails as it would with the tile server down.
    for (const tile of document.querySelectorAll('img.leaflet-tile')) fireEvent.error(tile);
    const notice = await screen.findByTestId('map-unavailable');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent('The map is unavailable: its images could not be loaded.');
    expect(notice).toHaveTextContent('Type the coordinates into the form, or click a point in the area below');
    fireEvent.click(map, { clientX: 40, clientY: 25 });
    expect(await screen.findByText(/^Latitude 42\.8\d{5}, longitude 74\.5\d{5}$/)).toBeInTheDocument();

    // A tile that loads after all (the server is back) takes the notice away.
    fireEvent.load(document.querySelector('img.leaflet-tile')!);
    await waitFor(() => expect(screen.queryByTestId('map-unavailable')).not.toBeInTheDocument());
  });

  it('says so in a dialog when the search finds nothing', async () => {
    stubMap({ search: () => jsonResponse(200, []) });
    const { user } = await openPicker();
    await user.click(screen.getByRole('button', { name: 'Search for a place' }));
    await user.type(screen.getByRole('searchbox', { name: 'Address or place name' }), 'Atlantis{Enter}');
    const dialog = (await screen.findByText('Nothing found')).closest<HTMLElement>('.ant-modal')!;
    expect(dialog).toHaveTextContent('No place matches “Atlantis”.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Nothing found')).not.toBeInTheDocument());
    expect(screen.getByTestId('map')).toBeInTheDocument();
  });

  it('tells a failed search from one that found nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubMap({ search: () => jsonResponse(502, {}) });
    const { user } = await openPicker();
    await user.click(screen.getByRole('button', { name: 'Search for a place' }));
    await user.type(screen.getByRole('searchbox', { name: 'Address or place name' }), 'Karakol{Enter}');
    expect(await screen.findByText('The search failed. Try again.')).toBeInTheDocument();
    expect(screen.queryByText('Nothing found')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Place search failed:', expect.anything());
  });
});
