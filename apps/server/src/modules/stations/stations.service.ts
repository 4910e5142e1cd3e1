import type { Db } from '../../db/client.ts';

/** How many stations a merchant has, and how many of them are active or not. */
export interface StationCounts {
  total: number;
  active: number;
  inactive: number;
}

export const NO_STATIONS: StationCounts = { total: 0, active: 0, inactive: 0 };

/**
 * For other modules: the station counts of each of `merchantIds` (merchants without stations are
 * left out). There are no stations yet, so there is nothing to count; the stations issue answers
 * this with one grouped count over its table.
 */
export async function stationCountsByMerchant(_db: Db, _merchantIds: readonly number[]): Promise<Map<number, StationCounts>> {
  return new Map();
}
