import type { AnalyticsGraph } from '@evcms/contracts/analytics';
import type { Lang } from '@evcms/contracts/i18n';
import { hourName, weekdayName } from '../../lib/weekdays.ts';

/*
 * The graph's three series as the charts and their tables show them: a label per point (a weekday's
 * name, an hour, a day) and the charges and turnover at it.
 */

/** A chart's height in px, the same at every width (its width follows the card's). */
export const CHART_HEIGHT = 300;

export interface ChartSeries {
  labels: string[];
  charges: number[];
  turnover: number[];
}

/** A day YYYY-MM-DD as the app writes dates: '06.05.2024'. */
export const dayName = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

const seriesOf = <P extends { charges: number; turnover: number }>(points: P[], label: (point: P) => string) => ({
  labels: points.map(label),
  charges: points.map((point) => point.charges),
  turnover: points.map((point) => point.turnover),
});

export type ChartName = 'by_weekday' | 'by_hour' | 'by_day';

export function chartSeries(graph: AnalyticsGraph, lang: Lang): Record<ChartName, ChartSeries> {
  return {
    by_weekday: seriesOf(graph.by_weekday, (point) => weekdayName(point.weekday, lang)),
    by_hour: seriesOf(graph.by_hour, (point) => hourName(point.hour)),
    by_day: seriesOf(graph.by_day, (point) => dayName(point.date)),
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The series' totals: what a screen reader hears of the chart, before the table. */
export function seriesTotals(series: ChartSeries): { charges: number; turnover: number } {
  return { charges: sum(series.charges), turnover: Math.round(sum(series.turnover) * 100) / 100 };
}
