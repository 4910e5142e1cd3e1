import { useQuery, type QueryClient, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useState } from 'react';
import type { Paged } from '@evcms/contracts/common';
import type { Status, StatusesRequest } from '@evcms/contracts/status';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { useListParams } from '../paged-table/use-list-params.ts';
import { keepPickOrder, readStatusFilter, selectedRows, type StatusFilterValue } from './list-screen-state.ts';

/** What a list screen asks its resource for: the page, the search and the status filter. */
export interface ListScreenParams {
  page: number;
  size: number;
  search?: string;
  active?: StatusFilterValue;
}

/** The calls of a resource a list screen uses (a `resourceApi` has them). */
export interface ListScreenResource<Row> {
  listQueryOptions: (params: ListScreenParams) => UseQueryOptions<Paged<Row>, Error, Paged<Row>, readonly unknown[]>;
  setStatuses: (queryClient: QueryClient) => UseMutationOptions<Row[], Error, StatusesRequest>;
}

/**
 * The state of a list screen with statuses (merchants, tags, infrastructure): page, size, search
 * and status filter in the URL, the list query, and the selection for the bulk status button.
 * The selection belongs to the rows on screen: another page, search or filter starts afresh.
 */
export function useListScreen<Row extends { id: number }>(resource: ListScreenResource<Row>, isActive: (row: Row) => boolean) {
  const list = useListParams({ filters: ['active'] });
  const active = readStatusFilter(list.filters.active);
  const { active: _raw, ...rest } = list.params;
  const params: ListScreenParams = active ? { ...rest, active } : rest;
  const query = useQuery(resource.listQueryOptions(params));
  const setStatuses = useResourceMutation(resource.setStatuses);

  const paramsKey = JSON.stringify(params);
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: paramsKey, ids: [] });
  const selectedIds = selection.key === paramsKey ? selection.ids : [];
  const rows = query.data?.items ?? [];
  const selected = selectedRows(selectedIds, rows);

  const rowSelection: TableProps<Row>['rowSelection'] = {
    selectedRowKeys: selected.map((row) => row.id),
    onChange: (keys) => setSelection({ key: paramsKey, ids: keepPickOrder(selectedIds, keys.map(Number)) }),
  };

  /** The bulk button's act: every selected row gets `status`, then the selection is done with. */
  const changeSelected = async (status: Status) => {
    await setStatuses.mutateAsync({ ids: selected.map((row) => row.id), status });
    setSelection({ key: paramsKey, ids: [] });
  };

  return {
    list,
    params,
    active,
    setActive: (value: StatusFilterValue | undefined) => list.setFilter('active', value ?? null),
    /** A search or a filter is in force: an empty table then says "Nothing found". */
    filtered: Boolean(params.search || active),
    query,
    setStatuses,
    selected,
    selectedStatuses: selected.map((row) => ({ active: isActive(row) })),
    rowSelection,
    changeSelected,
  };
}

export type ListScreen<Row extends { id: number }> = ReturnType<typeof useListScreen<Row>>;
