import type { z } from '@evcms/contracts/schema';

/*
 * A list's filters kept in the URL under the API's own names (spec 3 'List filters'). Each value
 * is read with the contract's schema for that parameter, so an address edited by hand into
 * something the server would refuse is no filter rather than a failed list. A comma list
 * (`station_id__in=3,5`) is sent as the contract reads it, comma-joined.
 */

type Raw<F extends string> = Partial<Record<F, string>>;

/** What the URL holds -> what is sent, for the named parameters of a contract's query shape. */
export function contractFilters<F extends string>(shape: { [K in F]: z.ZodMiniType }, names: readonly F[]) {
  return (raw: Raw<F>): Raw<F> => {
    const sent: Raw<F> = {};
    for (const name of names) {
      const value = raw[name];
      if (value === undefined) continue;
      const result = shape[name].safeParse(value);
      if (result.success && result.data !== undefined) sent[name] = String(result.data);
    }
    return sent;
  };
}
