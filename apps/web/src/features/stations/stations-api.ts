import { keepPreviousData, queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Paged } from '@evcms/contracts/common';
import type { OcppMessage } from '@evcms/contracts/ocpp-messages';
import type { Station, StationForUpdate, StationListItem } from '@evcms/contracts/stations';
import { http } from '../../lib/http.ts';
import { listsAndDetails, LIVE_REFRESH_MS, refreshOnLiveChange } from '../../lib/live-refresh.ts';
import { resourceApi } from '../../lib/resource-api.ts';
import { stationFormData, type StationChanges, type StationCreateBody } from './station-form-data.ts';

/** A merchant's station list as the URL keeps it; `active` is 'true' or 'false', absent for all. */
export interface StationListParams {
  merchant: number;
  page: number;
  size: number;
  search?: string;
  active?: string;
}

const base = resourceApi<{
  row: StationListItem;
  params: StationListParams;
  item: Station;
  create: StationCreateBody;
  update: StationChanges;
  detail: true;
  forUpdate: StationForUpdate;
  remove: true;
}>({
  path: '/stations/',
  key: ['stations'],
  encode: stationFormData,
  // Spec 7: the edit form reads and writes the station at /stations/update/{id}/.
  forUpdatePath: (id) => `/stations/update/${id}/`,
  updatePath: (id) => `/stations/update/${id}/`,
});

/**
 * The merchants resource's root key. A merchant shows how many stations it has and how many are
 * active; creating, deleting or switching stations changes those counts, so they are asked again.
 * (The key, not the merchants feature, is shared: a feature does not import another.)
 */
const MERCHANTS_ROOT = ['merchants'];

function refreshingMerchants<TData, TVariables>(
  make: (queryClient: QueryClient) => UseMutationOptions<TData, Error, TVariables>,
) {
  return (queryClient: QueryClient): UseMutationOptions<TData, Error, TVariables> => {
    const options = make(queryClient);
    return {
      ...options,
      onSuccess: async (...args) => {
        await options.onSuccess?.(...args);
        await queryClient.invalidateQueries({ queryKey: MERCHANTS_ROOT });
      },
    };
  };
}

/** A page of the station card's OCPP message log. */
export interface StationMessagesParams {
  page: number;
  size: number;
}

/**
 * /stations/: a merchant's list, the card, the edit form's for-update, create and update
 * (multipart, spec 7; an edit's connectors go with its fields, in one request), statuses, delete
 * (refused while active), and the card's OCPP message log.
 */
export const stationsApi = {
  ...base,
  /**
   * The station's recent OCPP frames, newest first (GET /stations/{id}/ocpp/messages/). Under the
   * card's key: the live updates refetch the card when the station changes, and its log with it.
   */
  messagesQueryOptions: (id: number, params: StationMessagesParams) =>
    queryOptions({
      queryKey: [...base.keys.detail(id), 'ocpp-messages', params],
      queryFn: ({ signal }) =>
        http.get<Paged<OcppMessage>>(`/stations/${id}/ocpp/messages/`, { query: { ...params }, signal }),
      placeholderData: keepPreviousData,
    }),
  create: refreshingMerchants(base.create),
  setStatuses: refreshingMerchants(base.setStatuses),
  remove: refreshingMerchants(base.remove),
};

// A station changes with every status and meter reading of its charge point: its lists and cards
// (the OCPP log under the card's key with them) refetch at once when it was quiet, then at most every 5 s.
refreshOnLiveChange('stations', { keys: listsAndDetails(stationsApi.keys), throttleMs: LIVE_REFRESH_MS });
