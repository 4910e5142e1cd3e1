import type { HeatMetric } from './heat-map-filters.ts';

/*
 * How a figure becomes emphasis: its share of the largest shown (0 to 1), which weighs the heat,
 * sizes a station's circle and shades a grid cell. One colour scale, white to the app's teal.
 */

interface Figures {
  charges: number;
  average_bill: number;
}

export const metricValue = (figures: Figures, metric: HeatMetric): number => figures[metric];

/** Each value over the largest (0 when all are 0). */
export function shares(values: readonly number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((value) => (max > 0 ? Math.max(0, value) / max : 0));
}

const WHITE = [255, 255, 255] as const;
const TEAL = [8, 117, 117] as const;

const channel = (from: number, to: number, share: number) => Math.round(from + (to - from) * share);

/** The shade of a share: white at 0, teal at 1. */
export function shadeOf(share: number): string {
  const clamped = Math.min(1, Math.max(0, share));
  const [r, g, b] = WHITE.map((from, i) => channel(from, TEAL[i]!, clamped));
  return `rgb(${r}, ${g}, ${b})`;
}

const linear = (value: number) => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** Black or white, whichever reads better on the shade (WCAG's contrast: at least 4.5 to 1 either way). */
export function textOn(shade: string): '#000' | '#fff' {
  const [r = 0, g = 0, b = 0] = (shade.match(/\d+/g) ?? []).map(Number);
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return luminance > 0.179 ? '#000' : '#fff';
}

/** A station's circle on the map, in px: 6 for the least, up to 18 for the largest. */
export const markerRadius = (share: number) => Math.round(6 + 12 * Math.sqrt(Math.min(1, Math.max(0, share))));

/** The heat's gradient: the same teal deepening into amber where the figure is highest. */
export const HEAT_GRADIENT = { 0.2: '#7fd1c7', 0.5: '#087575', 0.8: '#f0a020', 1: '#d4380d' };
