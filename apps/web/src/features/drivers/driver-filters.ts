import { balanceEntryListQuery } from '@evcms/contracts/driver-balance';
import { driverListQuery } from '@evcms/contracts/drivers';
import type { z } from '@evcms/contracts/schema';

/*
 * The filters of the driver list and of the ledger, kept in the URL under the API's own names
 * (spec 3 'List filters'): dates as YYYY-MM-DD, times as HH:mm:ss. A value is read with the
 * contract's schema for that parameter, so an address edited by hand into something the server
 * would refuse is no filter rather than a failed list.
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

/** The URL's value as the API is sent it (the phone's digits), or undefined when the contract refuses it. */
function reader(schema: z.ZodMiniType) {
  return (raw: string | undefined): string | undefined => {
    if (raw === undefined) return undefined;
    const result = schema.safeParse(raw);
    return result.success && result.data !== undefined ? String(result.data) : undefined;
  };
}

const driverShape = driverListQuery.shape;
const DRIVER_READERS: Record<DriverFilter, (raw: string | undefined) => string | undefined> = {
  phone: reader(driverShape.phone),
  search_by_user_id: reader(driverShape.search_by_user_id),
  registration_date__from: reader(driverShape.registration_date__from),
  registration_date__to: reader(driverShape.registration_date__to),
  registration_time__from: reader(driverShape.registration_time__from),
  registration_time__to: reader(driverShape.registration_time__to),
};

const entryShape = balanceEntryListQuery.shape;
const BALANCE_ENTRY_READERS: Record<BalanceEntryFilter, (raw: string | undefined) => string | undefined> = {
  period__from: reader(entryShape.period__from),
  period__to: reader(entryShape.period__to),
  user: reader(entryShape.user),
};

function readAll<F extends string>(readers: Record<F, (raw: string | undefined) => string | undefined>, raw: Partial<Record<F, string>>) {
  const sent: Partial<Record<F, string>> = {};
  for (const name of Object.keys(readers) as F[]) {
    const value = readers[name](raw[name]);
    if (value !== undefined) sent[name] = value;
  }
  return sent;
}

/** The driver list's filters as the URL holds them -> what is sent; malformed ones are left out. */
export const driverFiltersToSend = (raw: Partial<Record<DriverFilter, string>>) => readAll(DRIVER_READERS, raw);

/** The ledger's filters as the URL holds them -> what is sent; malformed ones are left out. */
export const balanceEntryFiltersToSend = (raw: Partial<Record<BalanceEntryFilter, string>>) => readAll(BALANCE_ENTRY_READERS, raw);

/** A typed filter the server would refuse (letters in a phone): the field shows it in red. */
export function refusedFilter(raw: string | undefined, sent: string | undefined): boolean {
  return Boolean(raw) && sent === undefined;
}
