import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Paged } from '@evcms/contracts/common';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { PagedTable } from './paged-table.tsx';
import { useListParams } from './use-list-params.ts';

type Row = { id: number; name: string };
const TOTAL = 45;

// Stands in for the server: pages a fixed list of 45 rows.
function fakePage(page: number, size: number, search = ''): Paged<Row> {
  const all = Array.from({ length: TOTAL }, (_, i) => ({ id: i + 1, name: `Station ${i + 1}` })).filter((row) =>
    row.name.includes(search),
  );
  const pages = Math.ceil(all.length / size);
  return { items: all.slice((page - 1) * size, page * size), page, pages, size, total: all.length };
}

function StationList() {
  const list = useListParams({ filters: ['status'] });
  return (
    <>
      <button onClick={() => list.setSearch('Station 1')}>search</button>
      <button onClick={() => list.setFilter('status', 0)}>filter</button>
      <output data-testid="params">{JSON.stringify(list.params)}</output>
      <PagedTable<Row>
        data={fakePage(list.page, list.size, list.search)}
        page={list.page}
        pageSize={list.size}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
        columns={[{ title: 'Name', dataIndex: 'name' }]}
        rowKey="id"
      />
    </>
  );
}

function renderList(url = '/stations') {
  return renderScreen(<StationList />, { path: url, pattern: '/stations' }).router;
}

const pageInput = () => screen.getByTestId('page-input') as HTMLInputElement;

describe('PagedTable', { timeout: 30_000 }, () => {
  inEnglish();

  it('shows the empty state text when the page has no rows', () => {
    renderScreen(
      <PagedTable<Row>
        data={{ items: [], page: 1, pages: 0, size: 10, total: 0 }}
        onPageChange={() => undefined}
        onSizeChange={() => undefined}
        columns={[{ title: 'Name', dataIndex: 'name' }]}
        rowKey="id"
      />,
    );
    expect(within(screen.getByTestId('paged-table')).getByText('No data available')).toBeInTheDocument();
    expect(screen.getByTestId('page-prev')).toBeDisabled();
    expect(screen.getByTestId('page-next')).toBeDisabled();
  });

  it('claims no emptiness while the first page is still loading', () => {
    renderScreen(
      <PagedTable<Row>
        data={undefined}
        loading
        onPageChange={() => undefined}
        onSizeChange={() => undefined}
        columns={[{ title: 'Name', dataIndex: 'name' }]}
        rowKey="id"
      />,
    );
    expect(within(screen.getByTestId('paged-table')).queryByText('No data available')).toBeNull();
  });

  it('hands the focus to the other page button when the one pressed reaches the end of the list', async () => {
    const user = userEvent.setup({ delay: null });
    renderList('/stations?page=4');
    await user.click(screen.getByTestId('page-next'));
    expect(screen.getByTestId('page-next')).toBeDisabled();
    expect(screen.getByTestId('page-prev')).toHaveFocus();

    act(() => screen.getByTestId('page-prev').focus());
    await user.keyboard('{Enter}{Enter}{Enter}{Enter}');
    expect(screen.getByTestId('page-prev')).toBeDisabled();
    expect(screen.getByTestId('page-next')).toHaveFocus();
  });

  it('disables previous on page 1 and next on the last page', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderList();
    expect(screen.getByText('Station 1')).toBeInTheDocument();
    expect(screen.getByTestId('page-count')).toHaveTextContent('of 5 pages');
    expect(screen.getByTestId('page-prev')).toBeDisabled();
    expect(screen.getByTestId('page-next')).toBeEnabled();

    await user.click(screen.getByTestId('page-next'));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Station 11')).toBeInTheDocument();
    expect(screen.getByTestId('page-prev')).toBeEnabled();

    act(() => void router.navigate('/stations?page=5'));
    expect(screen.getByTestId('page-next')).toBeDisabled();
    expect(pageInput().value).toBe('5');
  });

  it('turns a typed page below 1 into 0 and navigates to a page within bounds', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderList('/stations?page=3');
    await user.clear(pageInput());
    await user.type(pageInput(), '-3');
    expect(pageInput().value).toBe('0');
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('');
    expect(pageInput().value).toBe('1');

    await user.clear(pageInput());
    await user.type(pageInput(), '99');
    expect(pageInput().value).toBe('99');
    await user.tab();
    expect(router.state.location.search).toBe('?page=5');
    expect(pageInput().value).toBe('5');
  });

  it('keeps the list state in the URL and starts at page 1 after a new size, search or filter', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderList('/stations?page=3');
    expect(screen.getByText('Station 21')).toBeInTheDocument();

    expect(screen.getByTestId('page-size')).toHaveTextContent('10');
    await user.click(screen.getByRole('combobox', { name: 'Show by' }));
    await user.click(await screen.findByTitle('20'));
    expect(router.state.location.search).toBe('?size=20');
    expect(screen.getByTestId('page-count')).toHaveTextContent('of 3 pages');

    await user.click(screen.getByTestId('page-next'));
    await user.click(screen.getByText('filter'));
    expect(router.state.location.search).toBe('?size=20&status=0');

    await user.click(screen.getByTestId('page-next'));
    await user.click(screen.getByText('search'));
    expect(JSON.parse(screen.getByTestId('params').textContent ?? '')).toEqual({
      page: 1,
      size: 20,
      status: '0',
      search: 'Station 1',
    });
  });

  it('restores the list after going back from another page', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderList('/stations?page=2&size=20');
    expect(pageInput().value).toBe('2');
    await user.click(screen.getByTestId('page-next'));
    act(() => void router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2&size=20');
    expect(pageInput().value).toBe('2');
  });
});
