import { useTranslation } from 'react-i18next';
import { pagedQueryProps } from '../paged-table/paged-query-props.ts';
import { PagedTable, type PagedTableProps } from '../paged-table/paged-table.tsx';
import type { ListScreen } from './use-list-screen.ts';

type Wired =
  | 'data'
  | 'page'
  | 'pageSize'
  | 'onPageChange'
  | 'onSizeChange'
  | 'loading'
  | 'rowSelection'
  | 'rowKey'
  | 'error'
  | 'onRetry';

export type ListScreenTableProps<Row extends { id: number }> = Omit<PagedTableProps<Row>, Wired> & {
  screen: ListScreen<Row>;
};

/**
 * The table of a list screen, wired to its state: the page of rows, paging kept in the URL, the
 * selection, 'Nothing found' while a search or filter is in force, and a failed load with Retry.
 * The screen gives its columns (and, say, what a row click does).
 */
export function ListScreenTable<Row extends { id: number }>({ screen, ...tableProps }: ListScreenTableProps<Row>) {
  const { t } = useTranslation('components');
  const { query, list } = screen;
  return (
    <PagedTable<Row>
      rowKey="id"
      {...pagedQueryProps(query, list)}
      locale={screen.filtered ? { emptyText: t('table.nothingFound') } : undefined}
      rowSelection={screen.rowSelection}
      {...tableProps}
    />
  );
}
