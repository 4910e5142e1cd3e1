import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Paged } from '@evcms/contracts/common';
import type { BalanceEntry, BalanceTopUpRequest } from '@evcms/contracts/driver-balance';
import type {
  Driver,
  DriverCreateRequest,
  DriverIdTag,
  DriverListItem,
  DriverUpdateRequest,
  IdTagCreateRequest,
} from '@evcms/contracts/drivers';
import { http, type QueryValue } from '../../lib/http.ts';
import { LIVE_REFRESH_MS, refreshOnLiveChange } from '../../lib/live-refresh.ts';
import { resourceApi } from '../../lib/resource-api.ts';
import type { BalanceEntryFilter, DriverFilter } from './driver-filters.ts';

/** The driver list's query as the URL keeps it: page, size, search and the filters in force, as sent. */
export type DriverListParams = { page: number; size: number; search?: string } & Partial<Record<DriverFilter, string>>;

/** The ledger's query: `user` narrows it to one driver (the driver's page). */
export type BalanceEntryListParams = { page: number; size: number; search?: string } & Partial<
  Record<BalanceEntryFilter, string>
>;

const base = resourceApi<{
  row: DriverListItem;
  params: DriverListParams;
  item: Driver;
  create: DriverCreateRequest;
  update: DriverUpdateRequest;
  detail: true;
}>({ path: '/users/', key: ['drivers'] });

/** The ledger sits under the drivers' root key: what changes a driver reaches it too. */
const ledgerKeys = {
  all: [...base.keys.all, 'ledger'],
  list: (params: BalanceEntryListParams) => [...base.keys.all, 'ledger', params],
};

/** A change to one driver: its page shows the answer, the lists are read afresh. */
async function driverChanged(queryClient: QueryClient, driver: Driver) {
  queryClient.setQueryData(base.keys.detail(driver.id), driver);
  await queryClient.invalidateQueries({ queryKey: base.keys.lists });
}

/**
 * /users/: drivers (list, detail, a card customer's registration, partial edit), their balance
 * top-up, their id tags, and /users/payments/, the ledger of every balance. Drivers are not
 * deleted (the app registers them; their ledger entries stay).
 */
export const driversApi = {
  ...base,
  ledgerKeys,
  /** One page of ledger entries, newest first; the old page stays on screen while the next one loads. */
  ledgerQueryOptions: (params: BalanceEntryListParams) =>
    queryOptions({
      queryKey: ledgerKeys.list(params),
      queryFn: ({ signal }) =>
        http.get<Paged<BalanceEntry>>('/users/payments/', { query: params as Record<string, QueryValue>, signal }),
      placeholderData: keepPreviousData,
    }),
  /** PATCH /users/{id}/balance/: one manager's top-up entry; answers the driver with the new balance. */
  topUp: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...base.keys.all, 'top-up'],
      mutationFn: ({ id, body }: { id: number; body: BalanceTopUpRequest }) =>
        http.patch<Driver>(`/users/${id}/balance/`, body),
      onSuccess: async (driver) => {
        await driverChanged(queryClient, driver);
        await queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
      },
    }),
  /** POST /users/{id}/id-tags/: the tag answered; the driver's page reads the driver again. */
  addIdTag: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...base.keys.all, 'id-tags', 'add'],
      mutationFn: ({ id, body }: { id: number; body: IdTagCreateRequest }) =>
        http.post<DriverIdTag>(`/users/${id}/id-tags/`, body),
      onSuccess: (_tag, { id }) => queryClient.invalidateQueries({ queryKey: base.keys.detail(id) }),
    }),
  /** PATCH /users/{id}/id-tags/{tagId}/: block or unblock; the answered tag replaces its row on the driver's page. */
  setIdTagBlocked: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...base.keys.all, 'id-tags', 'block'],
      mutationFn: ({ id, tagId, blocked }: { id: number; tagId: number; blocked: boolean }) =>
        http.patch<DriverIdTag>(`/users/${id}/id-tags/${tagId}/`, { blocked }),
      onSuccess: (tag, { id }) => {
        queryClient.setQueryData<Driver>(
          base.keys.detail(id),
          (driver) => driver && { ...driver, id_tags: driver.id_tags.map((row) => (row.id === tag.id ? tag : row)) },
        );
      },
    }),
};

// A charge that ends debits its driver's balance (which driver, the change does not say).
refreshOnLiveChange('charges', { keys: () => [driversApi.keys.all], throttleMs: LIVE_REFRESH_MS });
