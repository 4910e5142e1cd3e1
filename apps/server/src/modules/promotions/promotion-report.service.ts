import type { Paged } from '@evcms/contracts/common';
import type { PromotionReportFilters } from '@evcms/contracts/promotions';
import type { Db } from '../../db/client.ts';
import { batchedRows, EXPORT_BATCH_SIZE } from '../../lib/exports/batched-rows.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import { paidPromotionChargesWhere } from '../charges/promotion-charges.service.ts';
import {
  promotionReportLines,
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

/** Every row of the report in its order, in keyset batches, then the totals' row (GET /ads/promotions/report/export/). */
export async function* exportPromotionReport(
  deps: PromotionReportDeps,
  query: Omit<PromotionReportFilters, 'page' | 'size'>,
): AsyncGenerator<readonly PromotionReportExportRow[], void, undefined> {
  const where = reportWhere(query);
  yield* batchedRows<PromotionReportLine>(
    (last, limit) => promotionReportLines(deps.db, where, last?.promotionId, limit),
    EXPORT_BATCH_SIZE,
  );
  // The totals of the same filters, read after the rows: a charge completed meanwhile may be in them alone.
  const { totals } = await promotionReportPage(deps.db, where, { limit: 0, offset: 0 });
  yield [totals];
}
