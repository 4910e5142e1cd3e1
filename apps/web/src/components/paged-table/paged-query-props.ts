import type { UseQueryResult } from '@tanstack/react-query';
import type { Paged } from '@evcms/contracts/common';
import type { PagedTableProps } from './paged-table.tsx';
import type { ListState } from './use-list-params.ts';

type QueryWired = 'data' | 'loading' | 'error' | 'onRetry' | 'page' | 'pageSize' | 'onPageChange' | 'onSizeChange';

/**
 * What a PagedTable takes from a list query and its URL state: the page of rows, loading, a failed
 * load with Retry, and paging written back to the URL. Spread it: `<PagedTable {...pagedQueryProps(query, list)} />`.
 */
export function pagedQueryProps<T extends object, F extends string>(
  query: UseQueryResult<Paged<T>>,
  list: Pick<ListState<F>, 'page' | 'size' | 'setPage' | 'setSize'>,
): Pick<PagedTableProps<T>, QueryWired> {
  return {
    data: query.data,
    loading: query.isFetching,
    error: query.isError ? query.error : undefined,
    onRetry: () => void query.refetch(),
    page: list.page,
    pageSize: list.size,
    onPageChange: list.setPage,
    onSizeChange: list.setSize,
  };
}
