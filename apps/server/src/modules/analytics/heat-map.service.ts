import { localDate } from '@evcms/contracts/dates';
import type { Lang } from '@evcms/contracts/i18n';
import type { AnalyticsDeps } from './analytics.service.ts';
import { periodBounds, type PeriodBounds, type PeriodChoice } from './analytics.rules.ts';
import * as repo from './heat-map.repository.ts';
import { hoursOf, splitByCalendar } from './heat-map.rules.ts';
import type { StationPlacesCache } from './station-places.ts';

/* The heat map: each station's charges of the period, in the hours asked for, and the network's week. */

export interface HeatMapDeps extends AnalyticsDeps {
  places: StationPlacesCache;
}

export interface StationFigures extends repo.Figures {
  stationId: number;
  /** In the asked language. */
  name: string;
  merchantId: number;
  latitude: number;
  longitude: number;
}

export interface HeatMapRecord {
  bounds: PeriodBounds;
  hours: number[] | null;
  /** Existing stations with coordinates that completed charges in the period, most first. */
  stations: StationFigures[];
  /** All 168 cells, Monday 0:00 first; 0 outside the hours asked for. */
  grid: repo.GridCell[];
  totals: repo.Figures;
}

/** The dashboard's period, and a time of day (both hours, or neither). */
export interface HeatMapChoice extends PeriodChoice {
  hours__from?: number | undefined;
  hours__to?: number | undefined;
}

export async function heatMap(deps: HeatMapDeps, filters: HeatMapChoice, lang: Lang): Promise<HeatMapRecord> {
  const now = deps.now?.() ?? new Date();
  const bounds = periodBounds(filters, now);
  const hours = hoursOf(filters.hours__from, filters.hours__to);
  const days = { from: localDate(bounds.from), to: localDate(new Date(bounds.to.getTime() - 1)) };
  const [sums, cells] = await Promise.all([
    repo.stationSums(deps.db, splitByCalendar(days, localDate(now)), hours),
    repo.grid(deps.db, bounds),
  ]);
  const stations = placed(sums, await deps.places.at(deps.db, sums.stationsVersion), lang);
  const counted = new Map(cells.map((cell) => [`${cell.weekday}:${cell.hour}`, cell]));
  const asked = new Set(hours ?? []);
  const grid = Array.from({ length: 7 * 24 }, (_, i) => {
    const [weekday, hour] = [Math.floor(i / 24) + 1, i % 24];
    const cell = hours && !asked.has(hour) ? undefined : counted.get(`${weekday}:${hour}`);
    return { weekday, hour, charges: cell?.charges ?? 0, turnoverTyiyn: cell?.turnoverTyiyn ?? 0 };
  });
  // The totals are the grid's: every charge of the hours, at stations drawn or not (deleted, no coordinates).
  const totals = grid.reduce(
    (sum, cell) => ({ charges: sum.charges + cell.charges, turnoverTyiyn: sum.turnoverTyiyn + cell.turnoverTyiyn }),
    { charges: 0, turnoverTyiyn: 0 },
  );
  return { bounds, hours, stations, grid, totals };
}

/** The stations of the sums that are drawn (existing, with coordinates), most charges first. */
function placed(sums: repo.StationSums, places: Map<number, repo.StationPlace>, lang: Lang): StationFigures[] {
  const stations = sums.stationIds.flatMap((stationId, i) => {
    const place = places.get(stationId);
    if (!place) return [];
    const { merchantId, latitude, longitude } = place;
    const [charges, turnoverTyiyn] = [sums.charges[i]!, sums.turnoverTyiyn[i]!];
    return [{ stationId, name: place.names[lang], merchantId, latitude, longitude, charges, turnoverTyiyn }];
  });
  return stations.sort((a, b) => b.charges - a.charges || a.stationId - b.stationId);
}
