import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import type { PromotionReport, PromotionReportRow } from '@evcms/contracts/promotions';
import type { PromotionFigures, PromotionReportLine, PromotionReportRecord } from './promotion-report.service.ts';

/** The promotions report as the API answers it: energy in kWh, money in som, each promotion named in the request's language. */

function presentFigures(figures: PromotionFigures) {
  const som = (tyiyn: number) => fromMinorUnits(tyiyn, DECIMALS.money);
  return {
    charges: figures.charges,
    drivers: figures.drivers,
    energy: fromMinorUnits(figures.energyWh, DECIMALS.energy),
    turnover: som(figures.amountTyiyn),
    discount: som(figures.discountTyiyn),
    turnover_after: som(figures.totalTyiyn),
  };
}

function presentLine(line: PromotionReportLine, lang: Lang): PromotionReportRow {
  return { promotion: line.promotionId, name: line.title[lang], ...presentFigures(line) };
}

export function presentPromotionReport(report: PromotionReportRecord, lang: Lang): PromotionReport {
  const { items, totals, ...page } = report;
  return { ...page, items: items.map((line) => presentLine(line, lang)), totals: presentFigures(totals) };
}
