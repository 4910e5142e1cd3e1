import type { PartnerReportFilters } from '@evcms/contracts/partners';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/errors.ts';
import { partnerReportLines, type PartnerReportLine } from '../read-models/partner-report.read-model.ts';
import { feeDue } from './partners.rules.ts';

/* The partners report: per partner, its stations, the charges its merchants completed in the period, and the fee due. */

export interface PartnerReportDeps {
  db: Db;
}

export interface PartnerReportFigures {
  stations: number;
  charges: number;
  energyWh: number;
  turnoverTyiyn: number;
  feeDueTyiyn: number;
}

export type PartnerReportItem = PartnerReportLine & PartnerReportFigures;

export interface PartnerReportRecord {
  items: PartnerReportItem[];
  totals: PartnerReportFigures;
}

/** A row of the export: a partner's, or the totals' last one (no partner). */
export type PartnerReportExportRow = PartnerReportFigures & Partial<PartnerReportLine>;

export async function partnerReport(
  deps: PartnerReportDeps,
  query: PartnerReportFilters,
): Promise<PartnerReportRecord> {
  const period = { from: query.period__from, to: query.period__to };
  if (period.to < period.from) throw fieldError('period__to', 'period_end_before_start');
  const lines = await partnerReportLines(deps.db, period);
  const items = lines.map((line) => ({ ...line, feeDueTyiyn: feeDue(line, period, line.turnoverTyiyn) }));
  const totals = { stations: 0, charges: 0, energyWh: 0, turnoverTyiyn: 0, feeDueTyiyn: 0 };
  for (const item of items)
    for (const key of Object.keys(totals) as (keyof PartnerReportFigures)[]) totals[key] += item[key];
  return { items, totals };
}

/** Every row, then the totals' row (GET /partners/report/export/): partners are few, one read. */
export async function* exportPartnerReport(
  deps: PartnerReportDeps,
  query: PartnerReportFilters,
): AsyncGenerator<readonly PartnerReportExportRow[], void, undefined> {
  const { items, totals } = await partnerReport(deps, query);
  yield items;
  yield [totals];
}
