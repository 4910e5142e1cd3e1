import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Paged } from '@evcms/contracts/common';
import type { DriverListItem } from '@evcms/contracts/drivers';
import {
  referralListQuery,
  type Referral,
  type ReferralSettings,
  type ReferralSettingsRequest,
} from '@evcms/contracts/referrals';
import type { NamedOption } from '../../components/search-select/search-multi-select.tsx';
import { http, type QueryValue } from '../../lib/http.ts';
import { contractFilters } from '../../lib/list-filters.ts';
import { LIVE_REFRESH_MS, refreshOnLiveChange } from '../../lib/live-refresh.ts';

/* /referrals/ (issue 32): the list of invitations with its filters, and the bonuses' settings. */

/** The list's filters, kept in the URL under the API's own names. */
export const REFERRAL_FILTERS = ['period__from', 'period__to', 'driver', 'status'] as const;
export type ReferralFilter = (typeof REFERRAL_FILTERS)[number];

/** The filters as the URL holds them -> what is sent; malformed ones are left out. */
export const referralFiltersToSend = contractFilters(referralListQuery.shape, REFERRAL_FILTERS);

export type ReferralListParams = { page: number; size: number } & Partial<Record<ReferralFilter, string>>;

/** A row keyed by its invited driver (one invitation each), as the list screens key their rows. */
export type ReferralLine = Referral & { id: number };

const keys = {
  all: ['referrals'] as const,
  list: (params: ReferralListParams) => ['referrals', 'list', params] as const,
  settings: ['referrals', 'settings'] as const,
};

export const referralsApi = {
  keys,
  /** One page of invitations, newest link first; the old page stays on screen while the next one loads. */
  listQueryOptions: (params: ReferralListParams) =>
    queryOptions({
      queryKey: keys.list(params),
      queryFn: async ({ signal }): Promise<Paged<ReferralLine>> => {
        const page = await http.get<Paged<Referral>>('/referrals/', {
          query: params as Record<string, QueryValue>,
          signal,
        });
        return { ...page, items: page.items.map((item) => ({ ...item, id: item.invited.id })) };
      },
      placeholderData: keepPreviousData,
    }),
  settingsQueryOptions: () =>
    queryOptions({
      queryKey: keys.settings,
      queryFn: ({ signal }) => http.get<ReferralSettings>('/referrals/settings/', { signal }),
    }),
  /** PUT /referrals/settings/: the answer shown at once. */
  saveSettings: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...keys.settings, 'save'],
      mutationFn: (body: ReferralSettingsRequest) => http.put<ReferralSettings>('/referrals/settings/', body),
      onSuccess: (settings) => queryClient.setQueryData(keys.settings, settings),
    }),
  /** The driver filter's picker: /users/ searched by name or phone. */
  driverOptionsQueryOptions: (params: { search?: string; size: number }) =>
    queryOptions({
      queryKey: ['drivers', 'options', 'referrals', params] as readonly unknown[],
      queryFn: async ({ signal }): Promise<Paged<NamedOption>> => {
        const found = await http.get<Paged<DriverListItem>>('/users/', { query: params, signal });
        return {
          ...found,
          items: found.items.map((driver) => ({ id: driver.id, name: `${driver.surname} ${driver.first_name}` })),
        };
      },
    }),
};

// A charge that completes may reward an invitation; a driver linked on the card adds one.
refreshOnLiveChange('charges', { keys: () => [keys.all], throttleMs: LIVE_REFRESH_MS });
