import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import {
  BALANCE_EXPORT_LABELS,
  balanceEntry,
  balanceEntryExportQuery,
  balanceEntryListQuery,
  balanceTopUpRequest,
} from '@evcms/contracts/driver-balance';
import {
  driver,
  DRIVER_EXPORT_LABELS,
  driverCreateRequest,
  driverExportQuery,
  driverIdTag,
  driverListItem,
  driverListQuery,
  driverUpdateRequest,
  idTagCreateRequest,
  idTagPathParams,
  idTagUpdateRequest,
} from '@evcms/contracts/drivers';
import { promoCodeRedeemRequest } from '@evcms/contracts/promo-codes';
import { idPathParams } from '@evcms/contracts/query';
import { z } from '@evcms/contracts/schema';
import { presentPage } from '../../lib/pagination.ts';
import { exportRoute, orNotFound, pagedAnswer } from '../../lib/resource-routes.ts';
import { driverExportColumns } from './drivers-export.ts';
import { balanceEntryExportColumns } from './ledger-export.ts';
import { presentBalanceEntry, presentDriver, presentDriverListItem, presentIdTag } from './drivers.presenter.ts';
import * as drivers from './drivers.service.ts';
import * as idTags from './id-tags.service.ts';
import * as ledger from './ledger.service.ts';
import { redeemPromoCode } from '../promo-codes/promo-code-redemptions.service.ts';

/** Drivers (the app's users), their id tags and the balance ledger, under /api/v1/users: the specification's paths. */
export function driversRoutes(deps: drivers.DriversDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['drivers'];

    r.get('/', {
      schema: { tags: doc, querystring: driverListQuery, response: pagedAnswer(driverListItem) },
      handler: async (request) =>
        presentPage(await drivers.listDrivers(deps, request.query), presentDriverListItem, request.lang),
    });
    r.post('/', {
      schema: { tags: doc, body: driverCreateRequest, response: { 201: driver, 400: errorBody } },
      handler: async (request, reply) =>
        reply.code(201).send(presentDriver(await drivers.createDriver(deps, request.body, request.managerId))),
    });
    r.get('/payments/', {
      schema: { tags: doc, querystring: balanceEntryListQuery, response: pagedAnswer(balanceEntry) },
      handler: async (request) =>
        presentPage(await ledger.listBalanceEntries(deps, request.query), presentBalanceEntry, request.lang),
    });
    exportRoute(r, '/payments/export/', {
      tags: doc,
      query: balanceEntryExportQuery,
      name: 'payments',
      sheet: BALANCE_EXPORT_LABELS.sheet,
      columns: balanceEntryExportColumns,
      rows: (query) => ledger.exportBalanceEntries(deps, query),
    });
    // Before /:id/, which would take 'export' for an id.
    exportRoute(r, '/export/', {
      tags: doc,
      query: driverExportQuery,
      name: 'users',
      sheet: DRIVER_EXPORT_LABELS.sheet,
      columns: driverExportColumns,
      rows: (query) => drivers.exportDrivers(deps, query),
    });
    r.get('/:id/', {
      schema: { tags: doc, params: idPathParams, response: orNotFound(driver) },
      handler: async (request) => presentDriver(await drivers.getDriver(deps, request.params.id)),
    });
    r.patch('/:id/', {
      schema: { tags: doc, params: idPathParams, body: driverUpdateRequest, response: orNotFound(driver) },
      handler: async (request) => presentDriver(await drivers.updateDriver(deps, request.params.id, request.body)),
    });
    r.patch('/:id/balance/', {
      schema: { tags: doc, params: idPathParams, body: balanceTopUpRequest, response: orNotFound(driver) },
      handler: async (request) =>
        presentDriver(await ledger.topUpBalance(deps, request.params.id, request.body, request.managerId)),
    });
    // The driver's card's "apply a promo code" (modules/promo-codes): answers the driver, as a top-up does.
    r.post('/:id/promo-code/', {
      schema: {
        tags: doc,
        params: idPathParams,
        body: promoCodeRedeemRequest,
        response: { ...orNotFound(driver), 409: errorBody },
      },
      handler: async (request) => {
        const { id } = request.params;
        await redeemPromoCode(deps.db, { code: request.body.code, driverId: id, managerId: request.managerId });
        return presentDriver(await drivers.getDriver(deps, id));
      },
    });
    r.get('/:id/id-tags/', {
      schema: { tags: doc, params: idPathParams, response: orNotFound(z.array(driverIdTag)) },
      handler: async (request) => (await idTags.listIdTags(deps, request.params.id)).map(presentIdTag),
    });
    r.post('/:id/id-tags/', {
      schema: {
        tags: doc,
        params: idPathParams,
        body: idTagCreateRequest,
        response: { 201: driverIdTag, 400: errorBody, 404: errorBody },
      },
      handler: async (request, reply) =>
        reply.code(201).send(presentIdTag(await idTags.addIdTag(deps, request.params.id, request.body.id_tag))),
    });
    r.patch('/:id/id-tags/:tagId/', {
      schema: { tags: doc, params: idTagPathParams, body: idTagUpdateRequest, response: orNotFound(driverIdTag) },
      handler: async (request) =>
        presentIdTag(await idTags.setIdTagBlocked(deps, request.params.id, request.params.tagId, request.body.blocked)),
    });
  };
}
