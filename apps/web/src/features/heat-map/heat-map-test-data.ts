import type { HeatMap, HeatMapCell, HeatMapStation } from '@evcms/contracts/heat-map';
import { jsonResponse } from '../../lib/test-fetch.ts';

/* Answers of the heat map API for the screen's tests. */

export const heatStation = (station: number, overrides: Partial<HeatMapStation> = {}): HeatMapStation => ({
  station,
  name: `Station ${station}`,
  merchant: 3,
  latitude: 42.87 + station / 100,
  longitude: 74.59 + station / 100,
  charges: 10,
  turnover: 1_000,
  average_bill: 100,
  ...overrides,
});

const emptyGrid = (): HeatMapCell[] =>
  Array.from({ length: 7 * 24 }, (_, i) => ({
    weekday: Math.floor(i / 24) + 1,
    hour: i % 24,
    charges: 0,
    turnover: 0,
    average_bill: 0,
  }));

export const heatMap = (overrides: Partial<HeatMap> = {}): HeatMap => {
  const grid = emptyGrid();
  // Monday 08:00: 30 charges of 50 som; Friday 18:00: 2 charges of 375 som.
  grid[8] = { weekday: 1, hour: 8, charges: 30, turnover: 1_500, average_bill: 50 };
  grid[4 * 24 + 18] = { weekday: 5, hour: 18, charges: 2, turnover: 750, average_bill: 375 };
  return {
    period: { from: '2025-03-09T18:00:00.000Z', to: '2025-03-10T18:00:00.000Z' },
    hours: null,
    totals: { charges: 32, turnover: 2_250, average_bill: 70.31 },
    stations: [
      heatStation(1, { name: 'Ala-Too', charges: 30, turnover: 1_500, average_bill: 50 }),
      heatStation(2, { name: 'Osh Bazaar', merchant: 4, charges: 2, turnover: 750, average_bill: 375 }),
    ],
    grid,
    ...overrides,
  };
};

export const MAP_SETTINGS = { tile_url: 'http://tiles.test/{z}/{x}/{y}.png', geocoder_url: 'http://geo.test' };

/** The screen's two calls: the heat map and the map's settings. */
export const heatMapAnswers = (answer: HeatMap = heatMap()) => ({
  'GET /stations/heat-map/': () => jsonResponse(200, answer),
  'GET /common/map-settings/': () => jsonResponse(200, MAP_SETTINGS),
});
