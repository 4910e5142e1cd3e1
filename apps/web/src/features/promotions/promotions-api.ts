import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Promotion, PromotionListItem } from '@evcms/contracts/promotions';
import { http } from '../../lib/http.ts';
import { merchantOptionsQueryOptions, promotionStationOptions } from '../../lib/picker-options.ts';
import { resourceApi, type UpdateVariables } from '../../lib/resource-api.ts';
import { promotionFormData, type PromotionBody } from './promotion-form-data.ts';

/** The list's filters as the URL keeps them: `active` 'true' or 'false'; the period's Bishkek days as YYYY-MM-DD. */
export interface PromotionListParams {
  page: number;
  size: number;
  search?: string;
  active?: string;
  period__from?: string;
  period__to?: string;
}

const base = resourceApi<{
  row: PromotionListItem;
  params: PromotionListParams;
  item: Promotion;
  create: PromotionBody;
  update: PromotionBody;
  detail: true;
  remove: true;
}>({ path: '/ads/promotions/', key: ['promotions'], encode: promotionFormData });

/** What the station picker asks for: a search, a merchant's stations, a page of up to 1000. */
export type StationOptionsParams = Parameters<typeof promotionStationOptions>[0];

/**
 * /ads/promotions/: the list, one promotion, create and update (one multipart request with the
 * image and its crop data), delete, the bulk status change, and what the form picks from:
 * merchants and stations.
 */
export const promotionsApi = {
  ...base,
  /**
   * Spec 4: after an update the promotion leaves the list shown. The cached pages are dropped, not
   * patched: back on the list it is read afresh, so the promotion shows where the filters now put
   * it (or not at all), never as it was.
   */
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...base.keys.all, 'update'],
      mutationFn: ({ id, changes }: UpdateVariables<PromotionBody>) =>
        http.patch<Promotion>(`/ads/promotions/${id}/`, promotionFormData(changes)),
      onSuccess: (item) => {
        queryClient.setQueryData(base.keys.detail(item.id), item);
        queryClient.removeQueries({ queryKey: base.keys.lists });
      },
    }),
  /** Merchants by name for the initiator's and the station picker's merchant. */
  merchantOptionsQueryOptions,
  /** Stations by name, of one merchant when given (`stationOptionsQuery` of the contract). */
  stationOptionsQueryOptions: promotionStationOptions,
};
