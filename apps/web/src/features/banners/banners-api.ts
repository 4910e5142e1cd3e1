import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Banner, BannerListItem, BannerType } from '@evcms/contracts/banners';
import { http } from '../../lib/http.ts';
import { merchantOptionsQueryOptions, promotionStationOptions } from '../../lib/picker-options.ts';
import { resourceApi, type UpdateVariables } from '../../lib/resource-api.ts';
import { bannerFormData, type BannerBody } from './banner-form-data.ts';

/** The list's query: one type, current or archived, a page, a search. */
export interface BannerListParams {
  page: number;
  size: number;
  type: BannerType;
  archive: boolean;
  search?: string;
}

const base = resourceApi<{
  row: BannerListItem;
  params: BannerListParams;
  item: Banner;
  create: BannerBody;
  update: BannerBody;
  detail: true;
  remove: true;
}>({ path: '/ads/banners/', key: ['banners'], encode: bannerFormData });

/**
 * /ads/banners/: a tab's list, one banner or fullscreen, create and update (one multipart request
 * with the image and its crop data), delete, copy, the bulk status change, and what the form picks
 * from: merchants and stations.
 */
export const bannersApi = {
  ...base,
  /**
   * Spec 4: after an update the item leaves the list shown. The cached pages are dropped, not
   * patched: back on the list it is read afresh, so the item shows in the tab it now belongs to.
   */
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...base.keys.all, 'update'],
      mutationFn: ({ id, changes }: UpdateVariables<BannerBody>) =>
        http.patch<Banner>(`/ads/banners/${id}/`, bannerFormData(changes)),
      onSuccess: (item) => {
        queryClient.setQueryData(base.keys.detail(item.id), item);
        queryClient.removeQueries({ queryKey: base.keys.lists });
      },
    }),
  /** POST /ads/banners/{id}/copy/: a new inactive item like an archived one, opened for editing. */
  copy: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...base.keys.all, 'copy'],
      mutationFn: (id: number) => http.post<Banner>(`/ads/banners/${id}/copy/`),
      onSuccess: async (item) => {
        queryClient.setQueryData(base.keys.detail(item.id), item);
        await queryClient.invalidateQueries({ queryKey: base.keys.lists });
      },
    }),
  /** Merchants by name. */
  merchantOptionsQueryOptions,
  /** Stations by name (the network's, as a promotion picks them). */
  stationOptionsQueryOptions: promotionStationOptions,
};
