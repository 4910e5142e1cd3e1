/*
 * The merchant's share (PRODUCT.md 'Merchant share'): the turnover times its agency agreement's
 * percentage, rounded to the tyiyn (half up); the network keeps the rest, so the two always add
 * up to the turnover. Totals add the rows' shares, never recompute them.
 */

export interface Shares {
  merchantShareTyiyn: number;
  networkShareTyiyn: number;
}

/** `percentageBp` in hundredths of a percent (12.5 % is 1250). */
export function shares(turnoverTyiyn: number, percentageBp: number): Shares {
  const merchantShareTyiyn = Math.round((turnoverTyiyn * percentageBp) / 10_000);
  return { merchantShareTyiyn, networkShareTyiyn: turnoverTyiyn - merchantShareTyiyn };
}

export interface Summable {
  stations: number;
  charges: number;
  energyWh: number;
  turnoverTyiyn: number;
  merchantShareTyiyn: number;
  networkShareTyiyn: number;
}

export function totalOf(rows: readonly Summable[]): Summable {
  const total: Summable = {
    stations: 0,
    charges: 0,
    energyWh: 0,
    turnoverTyiyn: 0,
    merchantShareTyiyn: 0,
    networkShareTyiyn: 0,
  };
  for (const row of rows) for (const key of Object.keys(total) as (keyof Summable)[]) total[key] += row[key];
  return total;
}
