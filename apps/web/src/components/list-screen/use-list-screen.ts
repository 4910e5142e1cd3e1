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

/** A screen's own filter beside the status (a rate's type): its URL value as sent, undefined for none or a malformed one. */
export type ListFilterReader = (raw: string | undefined) => string | undefined;

/** The calls of a resource a list screen uses (a `resourceApi` has them). */
export interface ListScreenResource<Row, F extends string = never> {
  listQueryOptions: (
    params: ListScreenParams & Partial<Record<F, string>>,
  ) => UseQueryOptions<Paged<Row>, Error, Paged<Row>, readonly unknown[]>;
  setStatuses: (queryClient: QueryClient) => UseMutationOptions<Row[], Error, StatusesRequest>;
}

/**
 * The state of a list screen with statuses (merchants, tags, infrastructure): page, size, search
 * and status filter in the URL, the list query, and the selection for the bulk status button.
 * `filters` adds a screen's own filters, kept in the URL too, each read by its function (rates:
 * type and connector type). The selection belongs to the rows on screen: another page, search or
 * filter starts afresh.
 */
export function useListScreen<Row extends { id: number }, F extends string = never>(
  resource: ListScreenResource<Row, F>,
  isActive: (row: Row) => boolean,
  filters: Readonly<Record<F, ListFilterReader>> = {} as Record<F, ListFilterReader>,
) {
  const names = Object.keys(filters) as F[];
  const list = useListParams<'active' | F>({ filters: ['active', ...names] });
  const active = readStatusFilter(list.filters.active);
  const own: Partial<Record<F, string>> = {};
  for (const name of names) {
    const value = filters[name](list.filters[name]);
    if (value !== undefined) own[name] = value;
  }
  const { page, size, search } = list.params;
  const params: ListScreenParams & Partial<Record<F, string>> = {
    page,
    size,
    ...(search && { search }),
    ...(active && { active }),
    ...own,
  };
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
    /** The screen's own filters in force, as sent. */
    filters: own,
    setFilter: (name: F, value: string | undefined) => list.setFilter(name, value ?? null),
    /** A search or a filter is in force: an empty table then says "Nothing found". */
    filtered: Boolean(params.search || active || Object.keys(own).length > 0),
    query,
    setStatuses,
    selected,
    selectedStatuses: selected.map((row) => ({ active: isActive(row) })),
    rowSelection,
    changeSelected,
  };
}

export type ListScreen<Row extends { id: number }, F extends string = never> = ReturnType<typeof useListScreen<Row, F>>;
