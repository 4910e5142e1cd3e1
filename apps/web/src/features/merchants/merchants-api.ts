import type {
  Merchant,
  MerchantCreateRequest,
  MerchantForUpdate,
  MerchantListItem,
  MerchantUpdateRequest,
} from '@evcms/contracts/merchants';
import { resourceApi } from '../../lib/resource-api.ts';

/** The list's filters as the URL keeps them: `active` is 'true' or 'false', absent for all. */
export interface MerchantListParams {
  page: number;
  size: number;
  search?: string;
  active?: string;
}

/**
 * /merchants/: list, detail, the edit form's for-update, create, update (only the changed fields;
 * a list sent replaces the whole list) and statuses. Merchants are not deleted.
 */
export const merchantsApi = resourceApi<{
  row: MerchantListItem;
  params: MerchantListParams;
  item: Merchant;
  create: MerchantCreateRequest;
  update: MerchantUpdateRequest;
  detail: true;
  forUpdate: MerchantForUpdate;
}>({ path: '/merchants/', key: ['merchants'] });
