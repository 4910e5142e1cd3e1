import { Table, type TableProps } from 'antd';
import type { AnyObject } from 'antd/es/_util/type';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type Paged } from '@evcms/contracts/common';
import { LoadFailure } from '../load-failure/load-failure.tsx';
import { useShownFailure } from '../load-failure/use-shown-failure.ts';
import { PageFooter } from './page-footer.tsx';

export type PagedTableProps<T extends AnyObject> = Omit<TableProps<T>, 'dataSource' | 'pagination'> & {
  /** One page of the list, as the API returns it; undefined while the first page loads. */
  data: Paged<T> | undefined;
  /** The requested page and page size (from useListScreen's URL state); they default to the ones in `data`. */
  page?: number;
  pageSize?: number;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  /** The last load failed (the query's error); the table then offers `onRetry`. */
  error?: unknown;
  onRetry?: () => void;
  /**
   * Pixels: the columns keep the widths they are given (a fixed layout) and a card narrower than
   * this scrolls the table sideways inside it. Without it the table is as wide as its content.
   */
  minWidth?: number;
};

/** The row's key as the table reads it, for the checkbox's accessible name. */
function keyOf<T extends AnyObject>(row: T, rowKey: TableProps<T>['rowKey']): Key {
  if (typeof rowKey === 'function') return rowKey(row);
  return row[rowKey ?? 'key'] as Key;
}

/**
 * An antd Table over one page of a paged list, with our own footer instead of antd's pagination:
 * the lists of the specification page on the server and show 'Page [n] of N pages'. A table
 * wider than its card scrolls sideways inside it, never the page. A failed load says so with a
 * Retry button: in place of the empty table, or above rows still shown from before (the shared
 * LoadFailure of every screen).
 */
export function PagedTable<T extends AnyObject>({
  data,
  page,
  pageSize,
  onPageChange,
  onSizeChange,
  locale,
  error,
  onRetry,
  minWidth,
  ...tableProps
}: PagedTableProps<T>) {
  const { t } = useTranslation('components');
  const rows = data?.items ?? [];
  const { rowSelection, rowKey, loading } = tableProps;
  // Still said while the list is asked again (Retry, a live update), not an empty table's spinner.
  const shown = useShownFailure(error, Boolean(loading));
  const failure = shown ? <LoadFailure error={shown} onRetry={() => onRetry?.()} retrying={Boolean(loading)} /> : null;
  return (
    <div data-testid="paged-table">
      {failure && rows.length > 0 && <div style={{ marginBottom: 16 }}>{failure}</div>}
      {failure && rows.length === 0 ? (
        failure
      ) : (
        <Table<T>
          {...(minWidth === undefined
            ? { scroll: { x: 'max-content' } }
            : { tableLayout: 'fixed' as const, scroll: { x: minWidth } })}
          {...tableProps}
          // antd names the selection checkboxes in English ('Select all', 'Select row 1') whatever its locale.
          rowSelection={
            rowSelection && {
              ...rowSelection,
              getTitleCheckboxProps: () => ({
                'aria-label': t('table.selectAll'),
                ...rowSelection.getTitleCheckboxProps?.(),
              }),
              getCheckboxProps: (row) => ({
                'aria-label': t('table.selectRow', { id: keyOf(row, rowKey) }),
                ...rowSelection.getCheckboxProps?.(row),
              }),
            }
          }
          // Nothing until the first page comes: antd then shows only its spinner, not an empty
          // text claiming the list has no rows while it is still loading.
          dataSource={data?.items}
          pagination={false}
          locale={{ emptyText: t('table.empty'), ...locale }}
        />
      )}
      <PageFooter
        page={page ?? data?.page ?? 1}
        pages={data?.pages ?? 1}
        size={pageSize ?? data?.size ?? DEFAULT_PAGE_SIZE}
        onPageChange={onPageChange}
        onSizeChange={onSizeChange}
      />
    </div>
  );
}
