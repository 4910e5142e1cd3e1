import type { ReactNode } from 'react';
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

export type ListScreenTableProps<Row extends { id: number }> = Omit<PagedTableProps<Row>, Wired | 'locale'> & {
  screen: ListScreen<Row>;
  /** What an empty table says while no search or filter is in force (there are none at all); the table's own words by default. */
  emptyText?: ReactNode;
};

/**
 * The table of a list screen, wired to its state: the page of rows, paging kept in the URL, the
 * selection, 'Nothing found' while a search or filter is in force (else `emptyText`), and a failed load with Retry.
 * The screen gives its columns (and, say, what a row click does).
 */
export function ListScreenTable<Row extends { id: number }>({
  screen,
  emptyText,
  ...tableProps
}: ListScreenTableProps<Row>) {
  const { t } = useTranslation('components');
  const { query, list } = screen;
  return (
    <PagedTable<Row>
      rowKey="id"
      {...pagedQueryProps(query, list)}
      locale={screen.filtered ? { emptyText: t('table.nothingFound') } : emptyText ? { emptyText } : undefined}
      rowSelection={screen.rowSelection}
      {...tableProps}
    />
  );
}
