import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import {
  PROMOTION_REPORT_LABELS,
  promotionReport,
  promotionReportExportQuery,
  promotionReportQuery,
} from '@evcms/contracts/promotions';
import { exportRoute } from '../../lib/resource-routes.ts';
import { promotionReportExportColumns } from './promotion-report-export.ts';
import { presentPromotionReport } from './promotion-report.presenter.ts';
import * as report from './promotion-report.service.ts';

/** The promotions report under /api/v1/ads/promotions/report: the page with its totals, and its export. */
export function promotionReportRoutes(deps: report.PromotionReportDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['promotions'];

    r.get('/', {
      schema: { tags: doc, querystring: promotionReportQuery, response: { 200: promotionReport, 400: errorBody } },
      handler: async (request) =>
        presentPromotionReport(await report.promotionReport(deps, request.query), request.lang),
    });
    exportRoute(r, '/export/', {
      tags: doc,
      query: promotionReportExportQuery,
      name: 'promotions-report',
      sheet: PROMOTION_REPORT_LABELS.sheet,
      columns: promotionReportExportColumns,
      rows: (query) => report.exportPromotionReport(deps, query),
    });
  };
}
