import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Tag } from '@evcms/contracts/catalog';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { TagListPage } from './tag-list.tsx';

const aTag = (id: number, title: string, active: boolean): Tag => ({
  id,
  title,
  title_ru: title,
  title_en: title,
  title_ky: title,
  active,
});

inEnglish();

const rowOf = (title: string) => screen.getByText(title).closest('tr')!;
const toggleRow = (user: ReturnType<typeof userEvent.setup>, title: string) =>
  user.click(within(rowOf(title)).getByRole('checkbox'));

/*
 * The bulk rule itself (labels, a mixed selection) is tested in bulk-status.test.ts, and the
 * selection and filter rules in list-screen-state.test.ts; this is the screen put together.
 */
describe('tag list', { timeout: 60_000 }, () => {
  it('deactivates the selected tags after confirming, in the order they were picked', async () => {
    const user = userEvent.setup({ delay: null });
    let tags = [aTag(3, 'Cafe', true), aTag(2, 'Parking', true), aTag(1, 'Hotel', false)];
    const api = stubFetch({
      'GET /common/tags/': () => jsonResponse(200, { items: tags, page: 1, pages: 1, size: 10, total: tags.length }),
      'PATCH /common/tags/statuses/': (request) => {
        const { ids, status } = request.json() as { ids: number[]; status: number };
        tags = tags.map((tag) => (ids.includes(tag.id) ? { ...tag, active: status === 0 } : tag));
        return jsonResponse(
          200,
          tags.filter((tag) => ids.includes(tag.id)),
        );
      },
    });
    // A malformed status filter in the URL is ignored.
    renderScreen(<TagListPage />, { path: '/tags?active=yes' });
    await screen.findByText('Cafe');
    expect(Object.fromEntries(api.callsTo('GET /common/tags/')[0]!.url.searchParams)).toEqual({
      page: '1',
      size: '10',
    });
    expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument();

    await toggleRow(user, 'Parking');
    await toggleRow(user, 'Cafe');
    expect(screen.getByTestId('bulk-bar')).toHaveTextContent('Selected: 2');
    expect(screen.getByTestId('bulk-status')).toHaveTextContent('Deactivate');

    await user.click(screen.getByTestId('bulk-status'));
    // antd gives every id 'test-id' under test, so the dialog is found by its text, not its name.
    const title = await screen.findByText('Deactivate the selected items?', { selector: '.ant-modal-confirm-title' });
    const dialog = title.closest<HTMLElement>('[role="dialog"]')!;
    expect(dialog).toHaveTextContent('Selected: 2');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(api.callsTo('PATCH /common/tags/statuses/')).toHaveLength(1));
    expect(api.callsTo('PATCH /common/tags/statuses/')[0]!.json()).toEqual({ ids: [2, 3], status: 1 });
    // The list is asked again and the selection is gone.
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument());
    expect(api.callsTo('GET /common/tags/').length).toBeGreaterThan(1);
    await waitFor(() => expect(within(rowOf('Cafe')).getByRole('switch')).not.toBeChecked());
  });
});
