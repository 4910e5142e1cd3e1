import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useState } from 'react';
import type { Paged } from '@evcms/contracts/common';
import type { Status, StatusesRequest } from '@evcms/contracts/status';
import type { FilterValues } from '../paged-table/list-params.ts';
import { useDelayedFilters } from '../paged-table/use-delayed-filters.ts';
import { useListParams } from '../paged-table/use-list-params.ts';
import { keepPickOrder, readStatusFilter, selectedRows, type StatusFilterValue } from './list-screen-state.ts';

/** What every list asks its resource for: the page, and the search and status filter when set. */
export interface ListScreenParams {
  page: number;
  size: number;
  search?: string;
  active?: StatusFilterValue;
}

/** The part of a list whose rows have a status: the status filter, and the selection for the bulk status button. */
export interface ListStatuses<Row> {
  isActive: (row: Row) => boolean;
  /** The resource's `PATCH statuses/` (a `resourceApi` has it). */
  setStatuses: (queryClient: QueryClient) => UseMutationOptions<Row[], Error, StatusesRequest>;
}

export interface ListScreenOptions<Row extends { id: number }, F extends string, S extends object, K extends QueryKey> {
  /** The list's query for what is sent: page, size, search, status and the screen's own filters. */
  query: (params: ListScreenParams & S) => UseQueryOptions<Paged<Row>, Error, Paged<Row>, K>;
  /** The screen's own filters, kept in the URL under these names. */
  filters?: readonly F[];
  /** The filters as the URL holds them -> what is sent; a malformed one is left out. Without it, sent as they are. */
  send?: (filters: FilterValues<F>) => S;
  /** Prefix of the URL's keys, for a list beside another on one page (`ledger.` -> `ledger.page`). */
  prefix?: string;
  /** False for a list without a search box: a `search` in the URL is not sent. */
  search?: boolean;
  /** Rows with a status: adds the status filter (`active` in the URL) and the bulk selection. */
  statuses?: ListStatuses<Row>;
}

/**
 * The state of every list screen (merchants, stations, rates, charges, drivers, the ledger, the
 * logs on a card): page, size, search and filters kept in the URL (use-list-params.ts), so reload
 * and the back button bring the same list back; the list's query; and with `statuses`, the status
 * filter and the selection for the bulk status button (spec 4).
 *
 * Filters have two ways in: `list.setFilter` writes the URL at once (a status select), `shown`
 * shows a change at once and writes it 500 ms after the last one (spec 2.5: several picks of a
 * multiple select, typed dates), the query waiting meanwhile so that no live refresh asks for rows
 * the controls no longer show. The selection belongs to the rows on screen: another page, search or
 * filter starts afresh.
 */
export function useListScreen<
  Row extends { id: number },
  F extends string = never,
  S extends object = FilterValues<F>,
  K extends QueryKey = QueryKey,
>(options: ListScreenOptions<Row, F, S, K>) {
  const { statuses, prefix, search: searchable = true } = options;
  const names: readonly (F | 'active')[] = statuses ? ['active', ...(options.filters ?? [])] : (options.filters ?? []);
  const list = useListParams<F | 'active'>({ filters: names, ...(prefix !== undefined && { prefix }) });
  const shown = useDelayedFilters(list);
  const own = { ...list.filters };
  delete own.active;
  const sent = options.send ? options.send(own as FilterValues<F>) : (own as S);
  const active = statuses ? readStatusFilter(list.filters.active) : undefined;
  const search = searchable ? list.search : '';
  const params: ListScreenParams & S = {
    page: list.page,
    size: list.size,
    ...(search && { search }),
    ...(active && { active }),
    ...sent,
  };
  const query = useQuery({ ...options.query(params), enabled: !shown.pending });
  const selection = useStatusSelection(statuses, query.data?.items ?? [], JSON.stringify(params));

  return {
    /** The URL's state, written at once; paging and the search box go through it. */
    list,
    /** The filters as the controls show them, acting 500 ms after the last change. */
    shown,
    /** What the query was asked with. */
    params,
    /** The screen's own filters in force, as sent (an export's query). */
    sent,
    query,
    /** A search or a filter is in force or waiting: an empty table then says "Nothing found". */
    filtered: Boolean(search) || Object.keys(list.filters).length > 0 || Object.keys(shown.shown).length > 0,
    /** The status filter in force (lists with `statuses`). */
    active,
    setActive: (value: StatusFilterValue | undefined) => list.setFilter('active', value ?? null),
    ...selection,
  };
}

/**
 * The bulk part: the rows picked (in pick order, as the current answer has them) and the one
 * change of their statuses. Hooks run on every render, so a list without statuses has the same
 * state and an idle mutation, never called, and no selection column.
 */
function useStatusSelection<Row extends { id: number }>(
  statuses: ListStatuses<Row> | undefined,
  rows: readonly Row[],
  paramsKey: string,
) {
  const queryClient = useQueryClient();
  const setStatuses = useMutation<Row[], Error, StatusesRequest>(statuses ? statuses.setStatuses(queryClient) : {});
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: paramsKey, ids: [] });
  const selectedIds = selection.key === paramsKey ? selection.ids : [];
  const selected = statuses ? selectedRows(selectedIds, rows) : [];

  const rowSelection: TableProps<Row>['rowSelection'] = statuses && {
    selectedRowKeys: selected.map((row) => row.id),
    onChange: (keys) => setSelection({ key: paramsKey, ids: keepPickOrder(selectedIds, keys.map(Number)) }),
  };

  return {
    setStatuses,
    selected,
    selectedStatuses: selected.map((row) => ({ active: statuses?.isActive(row) ?? false })),
    rowSelection,
    /** The bulk button's act: every selected row gets `status`, then the selection is done with. */
    changeSelected: async (status: Status) => {
      await setStatuses.mutateAsync({ ids: selected.map((row) => row.id), status });
      setSelection({ key: paramsKey, ids: [] });
    },
  };
}

export type ListScreen<Row extends { id: number }, F extends string = never> = ReturnType<typeof useListScreen<Row, F>>;
