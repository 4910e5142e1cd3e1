import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MERCHANT_REPORT_LABELS,
  merchantReport,
  merchantReportExportQuery,
  merchantReportQuery,
  merchantStationsQuery,
  merchantStationsReport,
} from '@evcms/contracts/analytics';
import { errorBody } from '@evcms/contracts/common';
import { idPathParams } from '@evcms/contracts/query';
import { exportRoute, orNotFound } from '../../lib/resource-routes.ts';
import { merchantReportExportColumns } from './merchant-report-export.ts';
import { presentMerchantReport, presentStationsReport } from './merchant-report.presenter.ts';
import * as report from './merchant-report.service.ts';

/** The merchant report under /api/v1/analytics/merchant-report: its rows and totals, a merchant's stations, and its export. */
export function merchantReportRoutes(deps: report.MerchantReportDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['analytics'];

    r.get('/', {
      schema: { tags: doc, querystring: merchantReportQuery, response: { 200: merchantReport, 400: errorBody } },
      handler: async (request) => presentMerchantReport(await report.merchantReport(deps, request.query), request.lang),
    });
    r.get('/:id/stations/', {
      schema: {
        tags: doc,
        params: idPathParams,
        querystring: merchantStationsQuery,
        response: { ...orNotFound(merchantStationsReport), 400: errorBody },
      },
      handler: async (request) =>
        presentStationsReport(
          await report.merchantStationsReport(deps, request.params.id, request.query),
          request.lang,
        ),
    });
    exportRoute(r, '/export/', {
      tags: doc,
      query: merchantReportExportQuery,
      name: 'merchant-report',
      sheet: MERCHANT_REPORT_LABELS.sheet,
      columns: merchantReportExportColumns,
      rows: (query) => report.exportMerchantReport(deps, query),
    });
  };
}
