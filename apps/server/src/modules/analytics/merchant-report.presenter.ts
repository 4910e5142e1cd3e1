import type { MerchantReport, MerchantStationsReport } from '@evcms/contracts/analytics';
import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import type { Summable } from './merchant-report.rules.ts';
import type { MerchantReportRecord, StationsReportRecord } from './merchant-report.service.ts';

/** The merchant report as the API answers it: energy in kWh, money in som, names in the request's language, by name. */

const money = (tyiyn: number) => fromMinorUnits(tyiyn, DECIMALS.money);

function presentFigures(figures: Summable) {
  return {
    stations: figures.stations,
    charges: figures.charges,
    energy: fromMinorUnits(figures.energyWh, DECIMALS.energy),
    turnover: money(figures.turnoverTyiyn),
    merchant_share: money(figures.merchantShareTyiyn),
    network_share: money(figures.networkShareTyiyn),
  };
}

const percent = (bp: number) => fromMinorUnits(bp, DECIMALS.percent);

function byName<T extends { name: string }>(rows: T[], lang: Lang): T[] {
  const collator = new Intl.Collator(lang);
  return rows.sort((a, b) => collator.compare(a.name, b.name));
}

export function presentMerchantReport(report: MerchantReportRecord, lang: Lang): MerchantReport {
  const items = report.items.map((item) => ({
    merchant: item.merchantId,
    name: item.name[lang],
    percentage: percent(item.percentageBp),
    ...presentFigures(item),
  }));
  return { items: byName(items, lang), totals: presentFigures(report.totals) };
}

export function presentStationsReport(report: StationsReportRecord, lang: Lang): MerchantStationsReport {
  const items = report.items.map((item) => ({
    station: item.stationId,
    // A station deleted since keeps its number.
    name: item.name ? item.name[lang] : `#${item.stationId}`,
    ...presentFigures(item),
  }));
  return {
    merchant: report.merchantId,
    name: report.name[lang],
    percentage: percent(report.percentageBp),
    items: byName(items, lang),
    totals: presentFigures(report.totals),
  };
}
