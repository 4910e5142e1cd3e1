import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Paged } from '@evcms/contracts/common';
import type { MerchantOption } from '@evcms/contracts/merchants';
import type { PromotionListItem } from '@evcms/contracts/promotions';
import type { StationOption } from '@evcms/contracts/stations';
import { http, type QueryValue } from './http.ts';

/** What a picker asks: text typed (empty: the newest) and how many (up to 1000); a path may take filters of its own. */
export interface PickerParams {
  search?: string;
  size: number;
}

/**
 * The paged picker list at `path` (`/merchants/for-promotion/`), its query kept under the resource's
 * root key (`merchants`), so that a change to the resource reaches every picker of it.
 */
export function pickerOptions<T, P extends PickerParams = PickerParams>(resource: string, path: string) {
  return (params: P) =>
    queryOptions({
      // Typed as a plain query key so the shared search selects take these options.
      queryKey: [resource, 'options', path, params] as QueryKey,
      queryFn: ({ signal }) =>
        http.get<Paged<T>>(path, { query: { page: 1, ...(params as unknown as Record<string, QueryValue>) }, signal }),
      placeholderData: keepPreviousData,
    });
}

/** Merchants by name (the personal rate's merchants, the promotion's initiator, its stations' merchant). */
export const merchantOptionsQueryOptions = pickerOptions<MerchantOption>('merchants', '/merchants/for-promotion/');
/** Stations a promotion may be given, by name; of one merchant with `merchant`. */
export const promotionStationOptions = pickerOptions<StationOption, PickerParams & { merchant?: number }>(
  'stations',
  '/stations/for-promotion/',
);
/** Stations to filter charges by. */
export const chargeStationOptions = pickerOptions<StationOption>('stations', '/stations/for-transaction/');
/** Promotions by number or title: the promotions list, which answers picker sizes. */
export const promotionOptions = pickerOptions<Pick<PromotionListItem, 'id' | 'name'>>('promotions', '/ads/promotions/');
