import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { ChargeList } from './charge-list.tsx';
import { aCharge, page } from './charge-test-data.ts';

/*
 * The charge list's filters against live refreshes (issue 29.9): a filter acts 500 ms after its
 * last change, a multiple select's picks in one request; while a change waits, a live refresh asks
 * for nothing the controls no longer show; an older answer never replaces a newer one. Timers are
 * fake from the first rows on, so "500 ms" is exact on a busy machine.
 */

inEnglish();
afterEach(() => vi.useRealTimers());

const ALL = [
  aCharge(121, { status: 'in_progress', finished_at: null, result: null }),
  aCharge(120),
  aCharge(119),
  aCharge(118, { status: 'stopped' }),
];
const shownNumbers = () =>
  screen.queryAllByRole('button', { name: /^Open charge no\. / }).map((button) => Number(button.textContent));
/** Lets the fake clock run `ms`, answers and renders included. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The list with its first rows; `before` acts with real timers still (antd's select opens on them). */
async function renderList(before?: () => Promise<void>) {
  const held: (() => void)[] = [];
  let holding = 0;
  const api = stubFetch({
    'GET /users/transactions/': (request) => {
      const { searchParams } = request.url;
      const statuses = searchParams.get('status')?.split(',');
      const number = searchParams.get('search_by_tx_id');
      const rows = ALL.filter(
        (charge) => (!statuses || statuses.includes(charge.status)) && (!number || charge.id === Number(number)),
      );
      if (!holding) return page(rows);
      holding -= 1;
      return new Promise<void>((resolve) => held.push(resolve)).then(() => page(rows));
    },
    'GET /stations/for-transaction/': () => page([]),
    'GET /ads/promotions/': () => page([]),
  });
  const view = renderScreen(<ChargeList />, { path: '/chargers-list', pattern: '/chargers-list' });
  await screen.findByRole('button', { name: 'Open charge no. 121' });
  await before?.();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const lists = () => api.callsTo('GET /users/transactions/').map((call) => call.url.search);
  /** The next list request waits until `release` answers it. */
  const holdNext = () => {
    holding = 1;
  };
  const release = async () => {
    for (const answer of held.splice(0)) answer();
    await pass(0);
  };
  return { ...view, lists, holdNext, release };
}

describe('charge list filters and live refreshes', { timeout: 60_000 }, () => {
  it('acts 500 ms after the last pick, both picks in one request, and a live refresh meanwhile asks for nothing unfiltered', async () => {
    const { lists, queryClient, router } = await renderList(async () => {
      fireEvent.mouseDown(screen.getByLabelText('Statuses'));
      await screen.findByTitle('Stopped');
    });
    fireEvent.click(screen.getByTitle('Finished'));
    await pass(300);
    // A live change arrives while the pick waits.
    await act(() => queryClient.invalidateQueries({ queryKey: ['charges'] }));
    fireEvent.click(screen.getByTitle('Stopped'));
    // The select shows both picks at once; the list is not asked yet.
    const picked = () =>
      [...document.querySelectorAll('.ant-select-item-option-selected')].map((option) => option.getAttribute('title'));
    expect(picked()).toEqual(['Finished', 'Stopped']);
    await pass(499);
    expect(lists()).toEqual(['?page=1&size=10']);

    await pass(1);
    expect(router.state.location.search).toBe('?status=finished%2Cstopped');
    expect(lists()).toEqual(['?page=1&size=10', '?page=1&size=10&status=finished%2Cstopped']);
    await pass(0);
    expect(shownNumbers()).toEqual([120, 119, 118]);
    expect(lists()).toHaveLength(2);

    // Live refreshes from now on ask with the status shown.
    await act(() => queryClient.invalidateQueries({ queryKey: ['charges'] }));
    expect(lists().at(-1)).toBe('?page=1&size=10&status=finished%2Cstopped');
  });

  it('never lets an older answer replace the rows of the filter shown', async () => {
    const { lists, queryClient, holdNext, release } = await renderList();
    // A live refresh of the unfiltered list is under way, slow.
    holdNext();
    void queryClient.invalidateQueries({ queryKey: ['charges'] });
    await pass(0);
    expect(lists()).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Charge number'), { target: { value: '118' } });
    await pass(500);
    // The number's list is answered first, the older unfiltered one after it.
    expect(lists().at(-1)).toBe('?page=1&size=10&search_by_tx_id=118');
    await pass(0);
    expect(shownNumbers()).toEqual([118]);
    await release();
    expect(shownNumbers()).toEqual([118]);
    await pass(1000);
    expect(shownNumbers()).toEqual([118]);
  });
});
