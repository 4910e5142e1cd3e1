import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { ChargeDetail, ChargeListItem } from '@evcms/contracts/charges';
import type { CommandAnswer } from '@evcms/contracts/ocpp-commands';
import { http } from '../../lib/http.ts';
import { listsAndDetails, LIVE_REFRESH_MS, refreshOnLiveChange } from '../../lib/live-refresh.ts';
import { chargeStationOptions, promotionOptions } from '../../lib/picker-options.ts';
import { resourceApi } from '../../lib/resource-api.ts';
import type { ChargeFilter } from './charge-filters.ts';

/** The charge list's query as the URL keeps it: page, size and the filters in force, as sent. */
export type ChargeListParams = { page: number; size: number } & Partial<Record<ChargeFilter, string>>;

// Charges are written by the charge points (the OCPP central system), never by a form: the API
// has no create or update, so only the reads are taken from the factory.
const base = resourceApi<{
  row: ChargeListItem;
  params: ChargeListParams;
  item: ChargeDetail;
  create: never;
  update: never;
  detail: true;
}>({ path: '/users/transactions/', key: ['charges'] });

/**
 * /users/transactions/ (the specification's name for charges): the list, one charge with its
 * meter readings, the export with the list's filters, the stations and promotions to filter by, and the stop.
 */
export const chargesApi = {
  keys: base.keys,
  listQueryOptions: base.listQueryOptions,
  detailQueryOptions: base.detailQueryOptions,
  /** The export of the list (xlsx or csv) for ExportButton. */
  exportPath: '/users/transactions/export/',
  /** Stations by name for the list's filter (`search` empty: the first ones); `size` up to 1000. */
  stationOptionsQueryOptions: chargeStationOptions,
  /** Promotions by title for the list's filter (GET /ads/promotions/, the promotions list: `search` matches a title). */
  promotionOptionsQueryOptions: promotionOptions,
  /**
   * POST /users/transactions/stop/ (spec 7): RemoteStopTransaction to the charge's station. The
   * answer comes once the station has answered (or after the command time-out); a refusal is
   * `success: false`, not an HTTP error. The charge ends when the station sends its stop, which
   * the live updates bring; it is read again now for its stop request.
   */
  stop: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...base.keys.all, 'stop'],
      mutationFn: (id: number) => http.post<CommandAnswer>('/users/transactions/stop/', { transaction_id: id }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: base.keys.all }),
    }),
};

// Charges progress with every meter reading of every station: an open list refetches at most every 5 s.
refreshOnLiveChange('charges', { keys: listsAndDetails(chargesApi.keys), throttleMs: LIVE_REFRESH_MS });
