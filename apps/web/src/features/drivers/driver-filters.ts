import { balanceEntryListQuery } from '@evcms/contracts/driver-balance';
import { driverListQuery } from '@evcms/contracts/drivers';
import { contractFilters } from '../../lib/list-filters.ts';

/*
 * The filters of the driver list and of the ledger, kept in the URL under the API's own names
 * (spec 3 'List filters'): dates as YYYY-MM-DD, times as HH:mm:ss, each read with the contract
 * (lib/list-filters.ts).
 */

export const DRIVER_FILTERS = [
  'phone',
  'search_by_user_id',
  'registration_date__from',
  'registration_date__to',
  'registration_time__from',
  'registration_time__to',
] as const;
export type DriverFilter = (typeof DRIVER_FILTERS)[number];

export const BALANCE_ENTRY_FILTERS = ['period__from', 'period__to', 'user'] as const;
export type BalanceEntryFilter = (typeof BALANCE_ENTRY_FILTERS)[number];

/** The driver list's filters as the URL holds them -> what is sent; malformed ones are left out. */
export const driverFiltersToSend = contractFilters(driverListQuery.shape, DRIVER_FILTERS);

/** The ledger's filters as the URL holds them -> what is sent; malformed ones are left out. */
export const balanceEntryFiltersToSend = contractFilters(balanceEntryListQuery.shape, BALANCE_ENTRY_FILTERS);
