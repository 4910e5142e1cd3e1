import type { Db } from '../../db/client.ts';
import { stationPlaces, type StationPlace } from './heat-map.repository.ts';

/**
 * The stations' names and places, kept by the process between heat maps: for 10,000 stations they
 * are most of the answer's bytes and of its query's time, and they seldom change. What is held is
 * current while the stations table's version read beside the period's sums equals the one read with
 * it (db/schema/table-versions.ts); another version loads them again, once for every request asking.
 */
export interface StationPlacesCache {
  /** The places as of `version` (or as of a later one, when the table changed meanwhile), by station id. */
  at(db: Db, version: number): Promise<Map<number, StationPlace>>;
}

interface Held {
  version: number;
  places: Map<number, StationPlace>;
}

export function stationPlacesCache(): StationPlacesCache {
  let held: Held | undefined;
  let loading: Promise<Held> | undefined;
  const load = (db: Db) =>
    (loading ??= stationPlaces(db)
      .then(({ version, places }) => (held = { version, places: new Map(places.map((p) => [p.stationId, p])) }))
      .finally(() => (loading = undefined)));
  return {
    async at(db, version) {
      if (held?.version === version) return held.places;
      let loaded = await load(db);
      // A load that began before the table's last change gives an older version: one more, from now.
      if (loaded.version < version) loaded = await load(db);
      return loaded.places;
    },
  };
}
