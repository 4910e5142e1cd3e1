import type {
  AnalyticsFigures,
  AnalyticsGraph,
  ComparedFigure,
  TimelinePage,
  NewsKind,
} from '@evcms/contracts/analytics';
import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import type { NewsRecord, SeriesPoint } from './analytics.repository.ts';
import { changePercent, type PeriodBounds } from './analytics.rules.ts';
import type { AnalyticsRecord, Compared, GraphRecord } from './analytics.service.ts';

/** The dashboard as the API answers it: money in som, energy in kWh, titles in the request's language. */

const money = (tyiyn: number) => fromMinorUnits(tyiyn, DECIMALS.money);
const kwh = (wh: number) => fromMinorUnits(wh, DECIMALS.energy);

function compared({ value, previous }: Compared, unit: (raw: number) => number = (raw) => raw): ComparedFigure {
  return { value: unit(value), previous: unit(previous), change: changePercent(value, previous) };
}

const presentBounds = (bounds: PeriodBounds) => ({
  from: bounds.from.toISOString(),
  to: bounds.to.toISOString(),
  previous_from: bounds.previousFrom.toISOString(),
  previous_to: bounds.previousTo.toISOString(),
});

export function presentFigures(record: AnalyticsRecord): AnalyticsFigures {
  return {
    period: presentBounds(record.bounds),
    turnover: compared(record.turnoverTyiyn, money),
    energy: compared(record.energyWh, kwh),
    charges: compared(record.charges),
    new_users: compared(record.newUsers),
    promotion_users: compared(record.promotionUsers),
    merchants: { total: compared(record.merchants.total), active: record.merchants.active },
    stations: {
      total: compared(record.stations.total),
      active: record.stations.active,
      online: record.stations.online,
    },
  };
}

const point = (p: SeriesPoint) => ({ charges: p.charges, turnover: money(p.turnoverTyiyn) });

export function presentGraph(record: GraphRecord): AnalyticsGraph {
  return {
    period: presentBounds(record.bounds),
    by_weekday: record.byWeekday.map((p) => ({ weekday: Number(p.key), ...point(p) })),
    by_hour: record.byHour.map((p) => ({ hour: Number(p.key), ...point(p) })),
    by_day: record.byDay.map((p) => ({ date: String(p.key), ...point(p) })),
  };
}

export function presentTimeline(page: { items: NewsRecord[]; next: number | null }, lang: Lang): TimelinePage {
  return {
    items: page.items.map((item) => ({
      id: item.id,
      kind: item.kind as NewsKind,
      subject_id: item.subjectId,
      title: item.title[lang] || item.title.ru,
      created_at: item.createdAt.toISOString(),
      merchant_id: item.merchantId,
      banner_type: item.bannerType,
    })),
    next: page.next,
  };
}
