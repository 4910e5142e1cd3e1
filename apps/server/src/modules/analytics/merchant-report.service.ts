import type { MerchantReportFilters } from '@evcms/contracts/analytics';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import * as repo from './merchant-report.repository.ts';
import { shares, totalOf, type Summable } from './merchant-report.rules.ts';

/* The merchant report: each merchant's stations and completed charges of the period, the turnover split by its agency percentage. */

export interface MerchantReportDeps {
  db: Db;
}

export type MerchantReportItem = repo.MerchantLine & Summable;
export type StationReportItem = repo.StationLine & Summable;

export interface MerchantReportRecord {
  items: MerchantReportItem[];
  totals: Summable;
}

export interface StationsReportRecord {
  merchantId: number;
  name: repo.MerchantLine['name'];
  percentageBp: number;
  items: StationReportItem[];
  totals: Summable;
}

/** A row of the export: a merchant's, or the totals' last one (no merchant). */
export type MerchantReportExportRow = Summable & Partial<repo.MerchantLine>;

function dayRange(query: { period__from: string; period__to: string }): repo.DayRange {
  if (query.period__to < query.period__from) throw fieldError('period__to', 'period_end_before_start');
  return { from: query.period__from, to: query.period__to };
}

export async function merchantReport(
  deps: MerchantReportDeps,
  query: MerchantReportFilters,
): Promise<MerchantReportRecord> {
  const lines = await repo.merchantLines(deps.db, dayRange(query), query.merchant);
  const items = lines.map((line) => ({ ...line, ...shares(line.turnoverTyiyn, line.percentageBp) }));
  return { items, totals: totalOf(items) };
}

/** One merchant's stations, its percentage applied to each. 404 for an unknown merchant. */
export async function merchantStationsReport(
  deps: MerchantReportDeps,
  merchantId: number,
  query: { period__from: string; period__to: string },
): Promise<StationsReportRecord> {
  const days = dayRange(query);
  const merchant = await repo.findMerchant(deps.db, merchantId);
  if (!merchant) throw notFound();
  const lines = await repo.stationLines(deps.db, merchantId, days);
  const items = lines.map((line) => ({ ...line, ...shares(line.turnoverTyiyn, merchant.percentageBp) }));
  return { merchantId, ...merchant, items, totals: totalOf(items) };
}

/** Every row, then the totals' row (GET /analytics/merchant-report/export/): merchants are hundreds, one read. */
export async function* exportMerchantReport(
  deps: MerchantReportDeps,
  query: MerchantReportFilters,
): AsyncGenerator<readonly MerchantReportExportRow[], void, undefined> {
  const { items, totals } = await merchantReport(deps, query);
  yield items;
  yield [totals];
}
