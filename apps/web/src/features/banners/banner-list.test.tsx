import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BannerListItem } from '@evcms/contracts/banners';
import { jsonResponse, stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { BannerList } from './banner-list.tsx';
import { aBanner, aBannerRow } from './banner-test-data.ts';

inEnglish();

const page = (items: BannerListItem[]) =>
  jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length });
const rowOf = (name: string) => screen.getByText(name, { selector: 'td *' }).closest('tr')!;
const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const render = (path = '/banners') =>
  renderScreen(<BannerList />, {
    path,
    pattern: '/banners',
    routes: [
      { path: '/banners/create-banner/:id?', element: <p data-testid="banner-form">banner form</p> },
      { path: '/banners/create-fullscr/:id?', element: <p data-testid="fullscreen-form">fullscreen form</p> },
    ],
  });

async function confirmIn(user: ReturnType<typeof userEvent.setup>, title: string) {
  const shown = await screen.findByText(title, { selector: '.ant-modal-confirm-title' });
  await user.click(within(shown.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Yes' }));
}

describe('banner list', { timeout: 60_000 }, () => {
  it('shows each tab from the URL, with its own columns, empty state and search, and keeps the tab in the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /ads/banners/': (request) => {
        const { type, archive, search } = queryOf(request);
        if (search) return page([]);
        if (type === 'banner' && archive === 'false')
          return page([aBannerRow(2, 'Winter charging', { stations_count: 3, merchant_name: 'Volt Energy' })]);
        if (type === 'fullscreen' && archive === 'true')
          return page([
            aBannerRow(4, 'Old promo', { type: 'fullscreen', status: 1, end_at: '2025-01-01T00:00:00.000Z' }),
          ]);
        return page([]);
      },
    });
    const { router } = render();
    await screen.findByText('Winter charging');
    expect(queryOf(api.callsTo('GET /ads/banners/')[0]!)).toEqual({
      page: '1',
      size: '10',
      type: 'banner',
      archive: 'false',
    });
    expect(rowOf('Winter charging')).toHaveTextContent(
      '2Winter chargingRead more3Volt Energy01.12.2026 00:0001.01.2027 00:00',
    );
    expect(within(rowOf('Winter charging')).getByRole('img')).toHaveAttribute('src', '/media/banners/2.jpg');
    // Every current item is active: none is offered for deletion, nor for copying.
    expect(within(rowOf('Winter charging')).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(rowOf('Winter charging')).queryByRole('button', { name: 'Make a copy' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Fullscreen' }));
    expect(await screen.findByText("You don't have any fullscreens yet")).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=fullscreen');
    expect(queryOf(api.callsTo('GET /ads/banners/').at(-1)!)).toMatchObject({ type: 'fullscreen', archive: 'false' });
    await user.click(screen.getByRole('button', { name: 'Create fullscreen' }));
    expect(router.state.location.pathname).toBe('/banners/create-fullscr');

    // Back: the tab comes back from the URL.
    await router.navigate(-1);
    expect(await screen.findByText("You don't have any fullscreens yet")).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Fullscreen' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Archive fullscreens' }));
    await screen.findByText('Old promo');
    expect(rowOf('Old promo')).toHaveTextContent('Old promoMainIn the app');
    expect(rowOf('Old promo')).toHaveTextContent('Ended');
    expect(within(rowOf('Old promo')).getByRole('button', { name: 'Delete' })).toBeEnabled();
    await user.type(screen.getByLabelText('Search by ID or name'), 'nothing');
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /ads/banners/').at(-1)!)).toEqual({
        page: '1',
        size: '10',
        type: 'fullscreen',
        archive: 'true',
        search: 'nothing',
      }),
    );
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Banner' }));
    expect(router.state.location.search).toBe('');
    await screen.findByText('Winter charging');
  });

  it('says when there are no banners yet, and leads to the new banner form', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({ 'GET /ads/banners/': () => page([]) });
    const { router } = render();
    expect(await screen.findByText("You don't have any banners yet")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create banner' }));
    expect(router.state.location.pathname).toBe('/banners/create-banner');
  });

  it('deactivates one with its switch and several in bulk: they leave the tab shown for the archive', async () => {
    const user = userEvent.setup({ delay: null });
    let rows = [aBannerRow(3, 'Third'), aBannerRow(2, 'Second'), aBannerRow(1, 'First')];
    const api = stubFetch({
      'GET /ads/banners/': () => page(rows.filter((row) => row.active)),
      'PATCH /ads/banners/statuses/': (request) => {
        const { ids, status } = request.json() as { ids: number[]; status: 0 | 1 };
        rows = rows.map((row) => (ids.includes(row.id) ? aBannerRow(row.id, row.name, { status }) : row));
        return jsonResponse(
          200,
          rows.filter((row) => ids.includes(row.id)),
        );
      },
    });
    render();
    await screen.findByText('Third');
    await user.click(within(rowOf('First')).getByRole('switch'));
    await confirmIn(user, 'Deactivate «First»? It moves to the archive.');
    await waitFor(() => expect(screen.queryByText('First')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /ads/banners/statuses/')[0]!.json()).toEqual({ ids: [1], status: 1 });

    await user.click(within(rowOf('Second')).getByRole('checkbox'));
    await user.click(within(rowOf('Third')).getByRole('checkbox'));
    expect(screen.getByTestId('bulk-bar')).toHaveTextContent('Selected: 2');
    await user.click(screen.getByTestId('bulk-status'));
    await confirmIn(user, 'Deactivate the selected items?');
    await waitFor(() => expect(api.callsTo('PATCH /ads/banners/statuses/')).toHaveLength(2));
    expect(api.callsTo('PATCH /ads/banners/statuses/')[1]!.json()).toEqual({ ids: [2, 3], status: 1 });
    expect(await screen.findByText("You don't have any banners yet")).toBeInTheDocument();
  });

  it("copies an archived banner and opens the copy's form; says why a delete or an activation is refused", async () => {
    const user = userEvent.setup({ delay: null });
    const activeDelete = 'An active banner cannot be deleted. Deactivate it first.';
    const expired = 'Its end has passed: it cannot be activated. Move its end first.';
    const api = stubFetch({
      'GET /ads/banners/': () =>
        page([
          aBannerRow(9, 'Autumn', { status: 1, end_at: '2025-10-01T00:00:00.000Z' }),
          aBannerRow(8, 'Paused', { status: 1 }),
        ]),
      'PATCH /ads/banners/statuses/': () => jsonResponse(409, { detail: expired }),
      'DELETE /ads/banners/8/': () => jsonResponse(409, { detail: activeDelete }),
      'POST /ads/banners/9/copy/': () => jsonResponse(201, aBanner({ id: 21, name: 'Autumn', status: 1 })),
    });
    const { router } = render('/banners?tab=archive-banner');
    await screen.findByText('Autumn');
    expect(queryOf(api.callsTo('GET /ads/banners/')[0]!)).toMatchObject({ type: 'banner', archive: 'true' });

    await user.click(within(rowOf('Autumn')).getByRole('switch'));
    await confirmIn(user, 'Activate «Autumn»?');
    expect(await screen.findByText(expired)).toBeInTheDocument();

    // Activated meanwhile in another tab: the server refuses, in its words.
    await user.click(within(rowOf('Paused')).getByRole('button', { name: 'Delete' }));
    await confirmIn(user, 'Delete «Paused»?');
    expect(await screen.findByText(activeDelete)).toBeInTheDocument();
    expect(api.callsTo('DELETE /ads/banners/8/')).toHaveLength(1);
    expect(screen.getByText('Paused')).toBeInTheDocument();

    await user.click(within(rowOf('Autumn')).getByRole('button', { name: 'Make a copy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/banners/create-banner/21'));
    expect(api.callsTo('POST /ads/banners/9/copy/')).toHaveLength(1);
  });
});
