import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import { idPathParams } from '@evcms/contracts/query';
import { z } from '@evcms/contracts/schema';
import {
  station,
  stationForUpdate,
  stationListItem,
  stationListQuery,
  stationOption,
  stationOptionsQuery,
} from '@evcms/contracts/stations';
import { connectorsUpdateRequest } from '@evcms/contracts/station-connectors';
import { presentPage } from '../../lib/pagination.ts';
import { orNotFound, pagedAnswer, statusesRoute } from '../../lib/resource-routes.ts';
import { stationCreateBody, stationUpdateBody, stationUpload } from './station-uploads.ts';
import {
  presentStation,
  presentStationForUpdate,
  presentStationListItem,
  presentStationOption,
} from './stations.presenter.ts';
import * as queries from './station-queries.service.ts';
import * as stations from './stations.service.ts';

/** Stations, under /api/v1. Create and update are multipart (spec 7; the update takes the connectors too), the connectors call JSON. */
export function stationsRoutes(deps: Omit<stations.StationsDeps, 'log'>) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['stations'];
    const withLog = { ...deps, log: app.log };

    r.get('/stations/', {
      schema: { tags: doc, querystring: stationListQuery, response: pagedAnswer(stationListItem) },
      handler: async (request) =>
        presentPage(await queries.listStations(deps, request.query), presentStationListItem, request.lang),
    });
    r.post('/stations/', {
      preValidation: stationUpload,
      schema: {
        tags: doc,
        consumes: ['multipart/form-data'],
        body: stationCreateBody,
        response: { 201: station, 400: errorBody },
      },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(presentStation(await stations.createStation(withLog, request.body, request.managerId), request.lang)),
    });
    statusesRoute(r, '/stations/statuses/', {
      tags: doc,
      item: stationListItem,
      change: (body) => stations.setStationStatuses(deps, body),
      present: presentStationListItem,
    });
    for (const picker of ['for-transaction', 'for-promotion']) {
      r.get(`/stations/${picker}/`, {
        schema: { tags: doc, querystring: stationOptionsQuery, response: pagedAnswer(stationOption) },
        handler: async (request) =>
          presentPage(await queries.listStationOptions(deps, request.query), presentStationOption, request.lang),
      });
    }
    r.get('/stations/update/:id/', {
      schema: { tags: doc, params: idPathParams, response: orNotFound(stationForUpdate) },
      handler: async (request) =>
        presentStationForUpdate(await queries.getStation(deps, request.params.id), request.lang),
    });
    r.patch('/stations/update/:id/', {
      preValidation: stationUpload,
      schema: {
        tags: doc,
        consumes: ['multipart/form-data', 'application/json'],
        params: idPathParams,
        body: stationUpdateBody,
        response: orNotFound(station),
      },
      handler: async (request) =>
        presentStation(await stations.updateStation(withLog, request.params.id, request.body), request.lang),
    });
    r.patch('/stations/update/:id/connectors/', {
      schema: { tags: doc, params: idPathParams, body: connectorsUpdateRequest, response: orNotFound(station) },
      handler: async (request) =>
        presentStation(await stations.updateStationConnectors(withLog, request.params.id, request.body), request.lang),
    });
    r.get('/stations/:id/', {
      schema: { tags: doc, params: idPathParams, response: orNotFound(station) },
      handler: async (request) => presentStation(await queries.getStation(deps, request.params.id), request.lang),
    });
    r.delete('/stations/:id/', {
      schema: { tags: doc, params: idPathParams, response: { 204: z.null(), 404: errorBody, 409: errorBody } },
      handler: async (request, reply) => {
        await stations.deleteStation(withLog, request.params.id);
        return reply.code(204).send(null);
      },
    });
  };
}
