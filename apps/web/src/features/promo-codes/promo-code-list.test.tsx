import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PromoCode, PromoCodeRedemption } from '@evcms/contracts/promo-codes';
import { jsonResponse, stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { enterText, inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { PromoCodeList } from './promo-code-list.tsx';
import { aPromoCodeRow, aRedemption } from './promo-code-test-data.ts';

inEnglish();

const page = <T,>(items: T[]) => jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length });
const rowOf = (code: string) => screen.getByText(code, { selector: 'td *' }).closest('tr')!;
const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const render = () =>
  renderScreen(<PromoCodeList />, { path: '/list-of-promotional-codes', pattern: '/list-of-promotional-codes' });

function typeInto(input: HTMLElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

/** A dialog or drawer by its title (antd gives every labelling id the same value under test, so not by its name). */
async function dialogTitled(title: string) {
  const shown = await screen.findByText(title, { selector: '.ant-modal-title, .ant-drawer-title' });
  return within(shown.closest<HTMLElement>('[role="dialog"]')!);
}

async function confirmIn(user: ReturnType<typeof userEvent.setup>, title: string) {
  const shown = await screen.findByText(title, { selector: '.ant-modal-confirm-title' });
  await user.click(within(shown.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Yes' }));
}

describe('promo code list', { timeout: 60_000 }, () => {
  it('shows bonus, validity and uses, and filters by status, search and validity period', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /ads/promo-codes/': (request) =>
        request.url.searchParams.has('period__to')
          ? page([])
          : page([
              aPromoCodeRow(2, 'AUTUMN-ABCDEFGH', {
                bonus: 50,
                valid_from: '2026-11-30T18:00:00.000Z',
                valid_to: '2026-12-31T18:00:00.000Z',
                total_uses: 10,
                used_count: 3,
                remaining: 7,
                batch: 'AUTUMN 2026-11-20 10:00',
              }),
              aPromoCodeRow(1, 'SPRING', { expired: true, uses_per_driver: 2, status: 1 }),
            ]),
    });
    render();
    await screen.findByText('AUTUMN-ABCDEFGH');
    expect(rowOf('AUTUMN-ABCDEFGH')).toHaveTextContent(
      'AUTUMN-ABCDEFGHBatch AUTUMN 2026-11-20 10:0050.00 som01.12.2026 00:0001.01.2027 00:00Used: 3Left: 71',
    );
    expect(rowOf('SPRING')).toHaveTextContent('SPRING100.00 somFrom the startNo endExpiredUsed: 0Unlimited2');
    const lastQuery = () => queryOf(api.callsTo('GET /ads/promo-codes/').at(-1)!);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Active'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', size: '10', active: 'true' }));
    await user.type(screen.getByLabelText('Search by code'), 'autumn');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', size: '10', active: 'true', search: 'autumn' }));
    const period = within(screen.getByRole('group', { name: 'Validity period' }));
    typeInto(period.getByPlaceholderText('From'), '01.12.2026');
    typeInto(period.getByPlaceholderText('To'), '15.12.2026');
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        page: '1',
        size: '10',
        active: 'true',
        search: 'autumn',
        period__from: '2026-12-01',
        period__to: '2026-12-15',
      }),
    );
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
  });

  it('creates a code in a dialog, putting the server’s refusal back on the code field', async () => {
    const user = userEvent.setup({ delay: null });
    let answers = 0;
    const api = stubFetch({
      'GET /ads/promo-codes/': () => page([]),
      'POST /ads/promo-codes/': () =>
        ++answers === 1
          ? jsonResponse(400, { code: ['This code already exists (codes are unique ignoring case)'] })
          : jsonResponse(201, aPromoCodeRow(9, 'WINTER-1')),
    });
    render();
    expect(await screen.findByText("You don't have any promo codes yet")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create promo code' }));
    const dialog = await dialogTitled('New promo code');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    // The code and the bonus are required.
    expect(await dialog.findAllByText('Field cannot be blank')).toHaveLength(2);
    await enterText(user, dialog.getByLabelText('Code'), 'win ter');
    expect(await dialog.findByText('A code is 4 to 32 letters, digits or dashes')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Code'));
    await enterText(user, dialog.getByLabelText('Code'), 'winter-1');
    await user.type(dialog.getByLabelText('Bonus'), '25,5');
    await user.clear(dialog.getByLabelText('Total uses'));
    await user.type(dialog.getByLabelText('Total uses'), '100');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(
      await dialog.findByText('This code already exists (codes are unique ignoring case)', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /ads/promo-codes/')[0]!.json()).toEqual({
      code: 'winter-1',
      bonus: 25.5,
      valid_from: null,
      valid_to: null,
      total_uses: 100,
      uses_per_driver: 1,
    });
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('Promo code WINTER-1 created', { selector: '.ant-modal-confirm-title' }),
    ).toBeInTheDocument();
  });

  it('generates a batch with a prefix and a count', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /ads/promo-codes/': () => page([]),
      'POST /ads/promo-codes/generate/': () =>
        jsonResponse(201, { batch: 'SALE 2026-11-28 10:00', items: [aPromoCodeRow(1, 'SALE-AAAAAAAA')] }),
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Generate codes' }));
    const dialog = await dialogTitled('Generate promo codes');
    await enterText(user, dialog.getByLabelText('Prefix'), 'SALE');
    await user.type(dialog.getByLabelText('How many codes'), '1');
    await user.type(dialog.getByLabelText('Bonus'), '10');
    await user.click(dialog.getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText('1 promo codes generated', { selector: '.ant-modal-confirm-title' }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /ads/promo-codes/generate/')[0]!.json()).toMatchObject({
      prefix: 'SALE',
      count: 1,
      bonus: 10,
    });
  });

  it('edits a code, sending only what changed; a redeemed code keeps its code and bonus', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /ads/promo-codes/': () =>
        page([aPromoCodeRow(2, 'USED-CODE', { used_count: 1, total_uses: 5, remaining: 4 })]),
      'PATCH /ads/promo-codes/2/': () => jsonResponse(200, aPromoCodeRow(2, 'USED-CODE', { total_uses: 8 })),
    });
    render();
    await screen.findByText('USED-CODE');
    await user.click(within(rowOf('USED-CODE')).getByRole('button', { name: 'Edit' }));
    const dialog = await dialogTitled('Promo code USED-CODE');
    expect(dialog.getByLabelText('Code')).toBeDisabled();
    expect(dialog.getByLabelText('Bonus')).toBeDisabled();
    expect(dialog.getByText('Redeemed: the code and its bonus can no longer be changed')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Total uses'));
    await user.type(dialog.getByLabelText('Total uses'), '8');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Promo code USED-CODE saved', { selector: '.ant-modal-confirm-title' }),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH /ads/promo-codes/2/')[0]!.json()).toEqual({ total_uses: 8 });
  });

  it('deactivates in bulk, refuses to delete a redeemed code, deletes one never used and shows a code’s redemptions', async () => {
    const user = userEvent.setup({ delay: null });
    let rows: PromoCode[] = [
      aPromoCodeRow(3, 'THIRD'),
      aPromoCodeRow(2, 'USED', { used_count: 2 }),
      aPromoCodeRow(1, 'FRESH', { status: 1 }),
    ];
    const redemptions: PromoCodeRedemption[] = [aRedemption(5, { manager: null }), aRedemption(4)];
    const api = stubFetch({
      'GET /ads/promo-codes/': () => page(rows),
      'PATCH /ads/promo-codes/statuses/': (request) => {
        const { ids, status } = request.json() as { ids: number[]; status: 0 | 1 };
        rows = rows.map((row) => (ids.includes(row.id) ? { ...row, status, active: status === 0 } : row));
        return jsonResponse(
          200,
          rows.filter((row) => ids.includes(row.id)),
        );
      },
      'DELETE /ads/promo-codes/1/': () => {
        rows = rows.filter((row) => row.id !== 1);
        return jsonResponse(204);
      },
      'GET /ads/promo-codes/2/redemptions/': () => page(redemptions),
    });
    render();
    await screen.findByText('THIRD');
    await user.click(within(rowOf('THIRD')).getByRole('checkbox'));
    await user.click(within(rowOf('USED')).getByRole('checkbox'));
    await user.click(screen.getByTestId('bulk-status'));
    await confirmIn(user, 'Deactivate the selected items?');
    await waitFor(() => expect(api.callsTo('PATCH /ads/promo-codes/statuses/')).toHaveLength(1));
    expect(api.callsTo('PATCH /ads/promo-codes/statuses/')[0]!.json()).toEqual({ ids: [3, 2], status: 1 });
    await waitFor(() => expect(within(rowOf('THIRD')).getByRole('switch')).not.toBeChecked());

    expect(within(rowOf('USED')).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.click(within(rowOf('FRESH')).getByRole('button', { name: 'Delete' }));
    await confirmIn(user, 'Delete the promo code «FRESH»?');
    await waitFor(() => expect(screen.queryByText('FRESH', { selector: 'td *' })).not.toBeInTheDocument());

    await user.click(within(rowOf('USED')).getByRole('button', { name: 'Redemptions of USED' }));
    const drawer = await dialogTitled('Redemptions of USED');
    expect(await drawer.findAllByText('Asanov Bakyt')).toHaveLength(2);
    expect(drawer.getByText('The user')).toBeInTheDocument();
    expect(drawer.getByText('Administrator')).toBeInTheDocument();
    expect(drawer.getAllByText('100.00 som')).toHaveLength(2);
  });
});
