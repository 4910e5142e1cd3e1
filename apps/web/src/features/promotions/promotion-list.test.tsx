import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PromotionListItem } from '@evcms/contracts/promotions';
import { jsonResponse, stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { PromotionList } from './promotion-list.tsx';
import { aPromotionRow } from './promotion-test-data.ts';

inEnglish();

const page = (items: PromotionListItem[]) =>
  jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length });
const rowOf = (name: string) => screen.getByText(name, { selector: 'td *' }).closest('tr')!;
const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const render = () =>
  renderScreen(<PromotionList />, {
    path: '/promotions',
    pattern: '/promotions',
    routes: [{ path: '/promotions/creating-promotion/:id?', element: <p data-testid="form">form</p> }],
  });

function typeInto(input: HTMLElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

async function confirmIn(user: ReturnType<typeof userEvent.setup>, title: string) {
  const shown = await screen.findByText(title, { selector: '.ant-modal-confirm-title' });
  await user.click(within(shown.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Yes' }));
}

describe('promotion list', { timeout: 60_000 }, () => {
  it('shows initiator, discount, period, happy hours and stations, and filters by status, search and period', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /ads/promotions/': (request) =>
        request.url.searchParams.has('period__to')
          ? page([])
          : page([
              aPromotionRow(2, 'Night discount', {
                initiator: 'merchant',
                initiator_name: 'Merchant',
                merchant: 7,
                merchant_name: 'Volt Energy',
                discount_percent: null,
                discount_amount: 50,
                happy_hours_start: '22:00:00',
                happy_hours_end: '06:00:00',
                stations_count: 12,
                status: 0,
              }),
              aPromotionRow(1, 'Summer', { expired: true }),
            ]),
    });
    render();
    await screen.findByText('Night discount');
    expect(rowOf('Night discount')).toHaveTextContent(
      'Night discountMerchantVolt Energy50.00 som01.12.2026 00:0001.01.2027 00:00Happy hours: 22:00–06:0012',
    );
    expect(rowOf('Summer')).toHaveTextContent(
      'SummerCompany10 %01.12.2026 00:0001.01.2027 00:00Happy hours: All dayEnded2',
    );
    expect(within(rowOf('Summer')).getByRole('img')).toHaveAttribute('src', '/media/promotions/1.jpg');
    const lastQuery = () => queryOf(api.callsTo('GET /ads/promotions/').at(-1)!);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Active'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', size: '10', active: 'true' }));
    await user.type(screen.getByLabelText('Search by ID or title'), 'night');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', size: '10', active: 'true', search: 'night' }));

    const period = within(screen.getByRole('group', { name: 'Promotion period' }));
    typeInto(period.getByPlaceholderText('From'), '01.12.2026');
    typeInto(period.getByPlaceholderText('To'), '15.12.2026');
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        page: '1',
        size: '10',
        active: 'true',
        search: 'night',
        period__from: '2026-12-01',
        period__to: '2026-12-15',
      }),
    );
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
  });

  it('says when there are no promotions yet, and leads to the new promotion form', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({ 'GET /ads/promotions/': () => page([]) });
    const { router } = render();
    expect(await screen.findByText("You don't have any promotions yet")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    expect(router.state.location.pathname).toBe('/promotions/creating-promotion');
  });

  it('changes the selected promotions in bulk by the rule of spec 4, then reads the list afresh', async () => {
    const user = userEvent.setup({ delay: null });
    let rows = [aPromotionRow(3, 'Third'), aPromotionRow(2, 'Second'), aPromotionRow(1, 'First', { status: 0 })];
    const api = stubFetch({
      'GET /ads/promotions/': () => page(rows),
      'PATCH /ads/promotions/statuses/': (request) => {
        const { ids, status } = request.json() as { ids: number[]; status: 0 | 1 };
        rows = rows.map((row) => (ids.includes(row.id) ? { ...row, status, active: status === 0 } : row));
        return jsonResponse(
          200,
          rows.filter((row) => ids.includes(row.id)),
        );
      },
    });
    render();
    await screen.findByText('Third');
    // A mixed selection cannot be changed.
    await user.click(within(rowOf('First')).getByRole('checkbox'));
    await user.click(within(rowOf('Second')).getByRole('checkbox'));
    expect(screen.getByTestId('bulk-status')).toBeDisabled();
    await user.click(within(rowOf('First')).getByRole('checkbox'));
    await user.click(within(rowOf('Third')).getByRole('checkbox'));
    await user.click(screen.getByTestId('bulk-status'));
    await confirmIn(user, 'Activate the selected items?');
    await waitFor(() => expect(api.callsTo('PATCH /ads/promotions/statuses/')).toHaveLength(1));
    expect(api.callsTo('PATCH /ads/promotions/statuses/')[0]!.json()).toEqual({ ids: [2, 3], status: 0 });
    await waitFor(() => expect(within(rowOf('Third')).getByRole('switch')).toBeChecked());
    expect(within(rowOf('Second')).getByRole('switch')).toBeChecked();
  });

  it("says why an ended promotion's activation and a used promotion's delete are refused, in the server's words", async () => {
    const user = userEvent.setup({ delay: null });
    const ended = 'This promotion has ended and cannot be activated. Move its end first.';
    const used = 'This promotion gave discounts to charges: it cannot be deleted, only deactivated.';
    const api = stubFetch({
      'GET /ads/promotions/': () =>
        page([
          aPromotionRow(2, 'Spring', { expired: true, charges_count: 4 }),
          aPromotionRow(1, 'Live', { status: 0 }),
        ]),
      'PATCH /ads/promotions/statuses/': () => jsonResponse(409, { detail: ended }),
      'DELETE /ads/promotions/2/': () => jsonResponse(409, { detail: used }),
    });
    const { router } = render();
    await screen.findByText('Spring');
    // An active promotion is not offered for deletion; the tooltip says why.
    expect(within(rowOf('Live')).getByRole('button', { name: 'Delete' })).toBeDisabled();

    await user.click(within(rowOf('Spring')).getByRole('switch'));
    await confirmIn(user, 'Activate the promotion «Spring»?');
    expect(await screen.findByText(ended)).toBeInTheDocument();
    expect(within(rowOf('Spring')).getByRole('switch')).not.toBeChecked();

    await user.click(within(rowOf('Spring')).getByRole('button', { name: 'Delete' }));
    await confirmIn(user, 'Delete the promotion «Spring»?');
    expect(await screen.findByText(used)).toBeInTheDocument();
    expect(api.callsTo('DELETE /ads/promotions/2/')).toHaveLength(1);
    expect(screen.getByText('Spring')).toBeInTheDocument();

    await user.click(within(rowOf('Live')).getByRole('button', { name: 'Edit' }));
    expect(router.state.location.pathname).toBe('/promotions/creating-promotion/1');
  });
});
