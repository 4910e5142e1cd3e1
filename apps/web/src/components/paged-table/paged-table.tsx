import { Table, type TableProps } from 'antd';
import type { AnyObject } from 'antd/es/_util/type';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type Paged } from '@evcms/contracts/common';
import { PageFooter } from './page-footer.tsx';

export type PagedTableProps<T extends AnyObject> = Omit<TableProps<T>, 'dataSource' | 'pagination'> & {
  /** One page of the list, as the API returns it; undefined while the first page loads. */
  data: Paged<T> | undefined;
  /** The requested page and page size (from useListParams); they default to the ones in `data`. */
  page?: number;
  pageSize?: number;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
};

/**
 * An antd Table over one page of a paged list, with our own footer instead of antd's pagination:
 * the lists of the specification page on the server and show 'Page [n] of N pages'.
 */
export function PagedTable<T extends AnyObject>({
  data,
  page,
  pageSize,
  onPageChange,
  onSizeChange,
  locale,
  ...tableProps
}: PagedTableProps<T>) {
  const { t } = useTranslation('components');
  return (
    <div data-testid="paged-table">
      <Table<T>
        {...tableProps}
        dataSource={data?.items ?? []}
        pagination={false}
        locale={{ emptyText: t('table.empty'), ...locale }}
      />
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
