import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Tag } from '@evcms/contracts/catalog';
import { jsonResponse, stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { discardQuestion, keepEditing } from '../../test/discard-question.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { CatalogPicker } from './catalog-picker.tsx';
import type { CatalogItem } from './catalog-queries.ts';

const tag = (id: number, active = true): Tag => ({
  id,
  title: `Tag ${id}`,
  title_ru: `Тег ${id}`,
  title_en: `Tag ${id}`,
  title_ky: `Тег ${id}`,
  active,
});
// 25 active tags and an inactive one that an edit form may still hold.
const TAGS = [...Array.from({ length: 25 }, (_, i) => tag(i + 1)), tag(99, false)];

// Stands in for GET /common/tags/: filters and pages like the server.
function tagsEndpoint(request: SeenRequest) {
  const query = request.url.searchParams;
  const page = Number(query.get('page') ?? 1);
  const size = Math.min(Number(query.get('size') ?? 10), 1000);
  const search = query.get('search') ?? '';
  const rows = TAGS.filter((row) => (query.get('active') === 'true' ? row.active : true)).filter((row) =>
    row.title.includes(search),
  );
  const pages = Math.max(1, Math.ceil(rows.length / size));
  return jsonResponse(200, {
    items: rows.slice((page - 1) * size, page * size),
    page,
    pages,
    size,
    total: rows.length,
  });
}

function renderPicker(value: number[] = []) {
  const api = stubFetch({ 'GET /common/tags/': tagsEndpoint });
  const onChoose = vi.fn<(items: CatalogItem[]) => void>();
  const onCancel = vi.fn();
  renderScreen(<CatalogPicker kind="tags" open value={value} onChoose={onChoose} onCancel={onCancel} />);
  const requests = () => api.callsTo('GET /common/tags/').map((call) => Object.fromEntries(call.url.searchParams));
  return { onChoose, onCancel, requests };
}

const rowCheckbox = (title: string) => within(screen.getByText(title).closest('tr')!).getByRole('checkbox');
const chosenIds = (onChoose: ReturnType<typeof renderPicker>['onChoose']) =>
  onChoose.mock.calls[0]![0].map((item) => item.id);

describe('CatalogPicker', () => {
  inEnglish();

  it('keeps choices across pages, and keeps a chosen item that is no longer active', async () => {
    const user = userEvent.setup({ delay: null });
    const { onChoose, requests } = renderPicker([99]);
    await screen.findByText('Tag 2');
    expect(requests()[0]).toEqual({ page: '1', size: '10', active: 'true' });
    await user.click(rowCheckbox('Tag 2'));
    await user.click(screen.getByTestId('page-next'));
    await screen.findByText('Tag 12');
    await user.click(rowCheckbox('Tag 12'));
    expect(screen.getByTestId('picker-count')).toHaveTextContent('Chosen: 3');

    await user.click(screen.getByRole('button', { name: 'Choose' }));
    // The inactive item was never listed: its title comes from the list of every item.
    await waitFor(() => expect(onChoose).toHaveBeenCalledOnce());
    expect(chosenIds(onChoose)).toEqual([99, 2, 12]);
    expect(onChoose.mock.calls[0]![0][0]).toMatchObject({ title_en: 'Tag 99' });
    expect(requests().at(-1)).toEqual({ page: '1', size: '1000' });
  });

  it('goes back to page 1 when the search text changes', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderPicker();
    await screen.findByText('Tag 1');
    await user.click(screen.getByTestId('page-next'));
    await screen.findByText('Tag 11');
    await user.type(screen.getByPlaceholderText('Search'), 'Tag 2{Enter}');

    await screen.findByText('Tag 20');
    expect(requests().at(-1)).toEqual({ page: '1', size: '10', search: 'Tag 2', active: 'true' });
    expect(screen.getByTestId('page-input')).toHaveValue('1');
  });

  it('opens with the search focused and closes on Esc at once while the choice is unchanged', async () => {
    const user = userEvent.setup({ delay: null });
    const { onCancel } = renderPicker([2]);
    await screen.findByText('Tag 2');
    await waitFor(() => expect(screen.getByPlaceholderText('Search')).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(discardQuestion()).not.toBeInTheDocument();
  });

  it('asks on Esc once the choice was changed, and keeps it on Cancel', async () => {
    const user = userEvent.setup({ delay: null });
    const { onCancel } = renderPicker([2]);
    await screen.findByText('Tag 2');
    await waitFor(() => expect(screen.getByPlaceholderText('Search')).toHaveFocus());
    await user.click(rowCheckbox('Tag 2'));
    await user.keyboard('{Escape}');
    await keepEditing(user);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByTestId('picker-count')).toHaveTextContent('Chosen: 0');
  });

  it('selects every record of the search by asking for one page of the total size', async () => {
    const user = userEvent.setup({ delay: null });
    const { onChoose, requests } = renderPicker();
    await screen.findByText('Tag 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));

    await screen.findByText('Tag 25');
    expect(requests().filter((query) => query.size === '25')).toEqual([{ page: '1', size: '25', active: 'true' }]);
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Choose' }));
    expect(chosenIds(onChoose)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });
});
