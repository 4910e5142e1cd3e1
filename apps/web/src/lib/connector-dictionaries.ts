import { queryOptions } from '@tanstack/react-query';
import type { DICTIONARY_INFOS, Dictionary } from '@evcms/contracts/catalog';
import type { DefaultRateFee } from '@evcms/contracts/rates';
import { http } from './http.ts';

/*
 * The connector dictionaries of spec 3: types, positions, and the default tariff of each type.
 * Stations (the connector form) and rates (filters, the form) both read them, so they live here.
 */

/** Connector types or positions, key -> name in the interface language. */
export const connectorDictionaryQueryOptions = (info: (typeof DICTIONARY_INFOS)[number]) =>
  queryOptions({
    queryKey: ['dictionaries', 'connectors', info],
    queryFn: ({ signal }) => http.get<Dictionary>('/stations/connectors-types-positions/', { query: { info }, signal }),
    // Fixed lists; a language switch asks again (every query is invalidated then).
    staleTime: Infinity,
  });

/** Under the rates resource's root key (`['rates']`), so every rate change (create, edit, delete, status) reads it afresh. */
export const DEFAULT_RATE_FEES_KEY = ['rates', 'default-fees'] as const;

/** Every connector type with the price of its active default rate, if any (spec 3 'default tariff per connector type'). */
export const defaultRateFeesQueryOptions = () =>
  queryOptions({
    queryKey: DEFAULT_RATE_FEES_KEY,
    queryFn: ({ signal }) => http.get<DefaultRateFee[]>('/payments/default-rates-fee/', { signal }),
    // Read afresh whenever a form shows it: a rate activated a moment ago must show at once.
    staleTime: 0,
  });
