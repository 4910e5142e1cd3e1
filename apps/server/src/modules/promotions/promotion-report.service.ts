import type { Paged } from '@evcms/contracts/common';
import type { PromotionReportFilters } from '@evcms/contracts/promotions';
import type { Db } from '../../db/client.ts';
import { EXPORT_BATCH_SIZE } from '../../lib/exports/batched-rows.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import { paidPromotionChargesWhere } from '../charges/promotion-charges.service.ts';
import {
  promotionReportPage,
  type PromotionFigures,
  type PromotionReportLine,
} from '../read-models/promotion-report.read-model.ts';

/* The promotions report (issue 31): per promotion, the completed, paid charges it discounted, and their totals. */

export type { PromotionFigures, PromotionReportLine } from '../read-models/promotion-report.read-model.ts';

export interface PromotionReportDeps {
  db: Db;
}

export type PromotionReportRecord = Paged<PromotionReportLine> & { totals: PromotionFigures };

/** A row of the export: a promotion's, or the totals' last one (no promotion). */
export type PromotionReportExportRow = PromotionFigures & Partial<Pick<PromotionReportLine, 'promotionId' | 'title'>>;

function reportWhere(query: Omit<PromotionReportFilters, 'page' | 'size'>) {
  return paidPromotionChargesWhere({
    promotionIds: query.promotion_id__in,
    stationIds: query.station_id__in,
    startedFrom: query.period__from,
    startedTo: query.period__to,
  });
}

/** A page of the report, promotions by number, newest first, with the totals of every row the filters keep. */
export async function promotionReport(
  deps: PromotionReportDeps,
  query: PromotionReportFilters,
): Promise<PromotionReportRecord> {
  const page = pageRequest(query);
  const { lines, total, totals } = await promotionReportPage(deps.db, reportWhere(query), pageWindow(page));
  return { ...pagedResult(lines, total, page), totals };
}

/**
 * Every row of the report in its order, then the totals' row (GET /ads/promotions/report/export/):
 * one read, as the rows are promotions (a few thousand at most) but each sums all of its charges,
 * which keyset batches would read again for every batch. Handed to the file in batches all the same.
 */
export async function* exportPromotionReport(
  deps: PromotionReportDeps,
  query: Omit<PromotionReportFilters, 'page' | 'size'>,
): AsyncGenerator<readonly PromotionReportExportRow[], void, undefined> {
  const { lines, totals } = await promotionReportPage(deps.db, reportWhere(query), null);
  for (let i = 0; i < lines.length; i += EXPORT_BATCH_SIZE) yield lines.slice(i, i + EXPORT_BATCH_SIZE);
  yield [totals];
}
