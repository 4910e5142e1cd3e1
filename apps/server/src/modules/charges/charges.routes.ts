import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHARGE_EXPORT_LABELS,
  chargeDetail,
  chargeExportQuery,
  chargeListItem,
  chargeListQuery,
} from '@evcms/contracts/charges';
import { errorBody } from '@evcms/contracts/common';
import { idPathParams } from '@evcms/contracts/query';
import { sendExport } from '../../lib/exports/export-stream.ts';
import { presentPage } from '../../lib/pagination.ts';
import { orNotFound, pagedAnswer } from '../../lib/resource-routes.ts';
import { chargeExportColumns } from './charges-export.ts';
import { presentChargeDetail, presentChargeListItem } from './charges.presenter.ts';
import * as charges from './charges.service.ts';

/** Charges (the specification's "transactions") under /api/v1/users/transactions. The stop command comes with the OCPP central system. */
export function chargesRoutes(deps: charges.ChargesDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['charges'];

    r.get('/', {
      schema: { tags: doc, querystring: chargeListQuery, response: pagedAnswer(chargeListItem) },
      handler: async (request) =>
        presentPage(await charges.listCharges(deps, request.query), presentChargeListItem, request.lang),
    });
    // Before /:id/, which would take 'export' for an id.
    r.get('/export/', {
      schema: { tags: doc, querystring: chargeExportQuery, response: { 400: errorBody } },
      handler: async (request, reply) => {
        const { query, lang } = request;
        const now = new Date();
        const file = {
          name: 'transactions',
          title: CHARGE_EXPORT_LABELS.sheet[lang],
          lang,
          columns: chargeExportColumns(lang, now),
        };
        const csvRows = query.format === 'csv' ? charges.exportChargesCsv(deps, query, lang, now) : undefined;
        return sendExport(
          reply,
          csvRows
            ? { ...file, format: 'csv', csvRows }
            : { ...file, format: query.format, batches: charges.exportCharges(deps, query, lang) },
        );
      },
    });
    r.get('/:id/', {
      schema: { tags: doc, params: idPathParams, response: orNotFound(chargeDetail) },
      handler: async (request) => presentChargeDetail(await charges.getCharge(deps, request.params.id), request.lang),
    });
  };
}
