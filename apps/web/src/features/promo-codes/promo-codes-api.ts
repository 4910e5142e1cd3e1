import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Paged } from '@evcms/contracts/common';
import type {
  PromoCode,
  PromoCodeBatch,
  PromoCodeCreateRequest,
  PromoCodeGenerateRequest,
  PromoCodeRedemption,
  PromoCodeUpdateRequest,
} from '@evcms/contracts/promo-codes';
import { http } from '../../lib/http.ts';
import { resourceApi } from '../../lib/resource-api.ts';

/** The list's query as the URL keeps it: `active` 'true' or 'false'; the validity period's Bishkek days as YYYY-MM-DD. */
export interface PromoCodeListParams {
  page: number;
  size: number;
  search?: string;
  active?: string;
  period__from?: string;
  period__to?: string;
}

const PATH = '/ads/promo-codes/';

const base = resourceApi<{
  row: PromoCode;
  params: PromoCodeListParams;
  item: PromoCode;
  create: PromoCodeCreateRequest;
  update: PromoCodeUpdateRequest;
  detail: true;
  remove: true;
}>({ path: PATH, key: ['promo-codes'] });

/**
 * /ads/promo-codes/: the list, one code made, a batch generated, the bulk status change, delete,
 * a code's redemptions and the list's export.
 */
export const promoCodesApi = {
  ...base,
  exportPath: `${PATH}export/`,
  /** POST generate/: N codes on the same terms; the lists are read afresh. */
  generate: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...base.keys.all, 'generate'],
      mutationFn: (body: PromoCodeGenerateRequest) => http.post<PromoCodeBatch>(`${PATH}generate/`, body),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: base.keys.lists }),
    }),
  /** One page of a code's redemptions, newest first. */
  redemptionsQueryOptions: (id: number, params: { page: number; size: number }) =>
    queryOptions({
      queryKey: [...base.keys.detail(id), 'redemptions', params],
      queryFn: ({ signal }) =>
        http.get<Paged<PromoCodeRedemption>>(`${PATH}${id}/redemptions/`, { query: { ...params }, signal }),
      placeholderData: keepPreviousData,
    }),
};
