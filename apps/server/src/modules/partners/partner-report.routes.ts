import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import {
  PARTNER_REPORT_LABELS,
  partnerReport,
  partnerReportExportQuery,
  partnerReportQuery,
} from '@evcms/contracts/partners';
import { exportRoute } from '../../lib/resource-routes.ts';
import { partnerReportExportColumns } from './partner-report-export.ts';
import { presentPartnerReport } from './partner-report.presenter.ts';
import * as report from './partner-report.service.ts';

/** The partners report under /api/v1/partners/report: the rows with their totals, and its export. */
export function partnerReportRoutes(deps: report.PartnerReportDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['partners'];

    r.get('/', {
      schema: { tags: doc, querystring: partnerReportQuery, response: { 200: partnerReport, 400: errorBody } },
      handler: async (request) => presentPartnerReport(await report.partnerReport(deps, request.query), request.lang),
    });
    exportRoute(r, '/export/', {
      tags: doc,
      query: partnerReportExportQuery,
      name: 'partners-report',
      sheet: PARTNER_REPORT_LABELS.sheet,
      columns: partnerReportExportColumns,
      rows: (query) => report.exportPartnerReport(deps, query),
    });
  };
}
