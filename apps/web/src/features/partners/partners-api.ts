import type { Partner, PartnerCreateRequest, PartnerUpdateRequest } from '@evcms/contracts/partners';
import { merchantOptionsQueryOptions } from '../../lib/picker-options.ts';
import { resourceApi } from '../../lib/resource-api.ts';

/** The list's filters as the URL keeps them: `active` 'true' or 'false', absent for all. */
export interface PartnerListParams {
  page: number;
  size: number;
  search?: string;
  active?: string;
}

/**
 * /partners/: the list, one partner, create, update (only the changed fields; `merchant_ids` sent
 * replaces its merchants), delete and the bulk status change; the merchants the form picks from.
 */
export const partnersApi = {
  ...resourceApi<{
    row: Partner;
    params: PartnerListParams;
    item: Partner;
    create: PartnerCreateRequest;
    update: PartnerUpdateRequest;
    detail: true;
    remove: true;
  }>({ path: '/partners/', key: ['partners'] }),
  merchantOptionsQueryOptions,
};
