import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import type { PartnerReport } from '@evcms/contracts/partners';
import { presentFeeTerms } from './partners.presenter.ts';
import type { PartnerReportFigures, PartnerReportRecord } from './partner-report.service.ts';

/** The partners report as the API answers it: energy in kWh, money in som, names in the request's language. */

function presentFigures(figures: PartnerReportFigures) {
  return {
    stations: figures.stations,
    charges: figures.charges,
    energy: fromMinorUnits(figures.energyWh, DECIMALS.energy),
    turnover: fromMinorUnits(figures.turnoverTyiyn, DECIMALS.money),
    fee_due: fromMinorUnits(figures.feeDueTyiyn, DECIMALS.money),
  };
}

export function presentPartnerReport(report: PartnerReportRecord, lang: Lang): PartnerReport {
  return {
    items: report.items.map((item) => ({
      partner: item.partnerId,
      name: item.name[lang],
      fee_model: item.feeModel,
      ...presentFeeTerms(item),
      started_on: item.startedOn,
      status: item.status,
      ...presentFigures(item),
    })),
    totals: presentFigures(report.totals),
  };
}
