import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  catalogListQuery,
  dictionary,
  dictionaryQuery,
  ICON_MAX_BYTES,
  ICON_MAX_KB,
  iconWithinLimit,
  infrastructureCreateRequest,
  infrastructureItem,
  infrastructureUpdateRequest,
  locationList,
  locationsQuery,
  tag,
  tagCreateRequest,
  tagUpdateRequest,
} from '@evcms/contracts/catalog';
import { errorBody } from '@evcms/contracts/common';
import { idPathParams } from '@evcms/contracts/query';
import { z } from '@evcms/contracts/schema';
import type { Db } from '../../db/client.ts';
import { presentPage } from '../../lib/pagination.ts';
import { orNotFound, pagedAnswer, statusesRoute } from '../../lib/resource-routes.ts';
import { isUploadedFile, multipartBody, type MediaStore, type UploadedFile } from '../../lib/uploads.ts';
import { presentDictionary, presentInfrastructure, presentLocations, presentTag } from './catalog.presenter.ts';
import * as infrastructure from './infrastructure.service.ts';
import { listLocations } from './locations.service.ts';
import * as tags from './tags.service.ts';

export interface CatalogDeps {
  db: Db;
  media: MediaStore;
}

// On the server the icon is the multipart part itself; its size rule is the contracts' one.
const uploadedIcon = z.custom<UploadedFile>(isUploadedFile, { error: 'icon_required' }).check(iconWithinLimit);
z.globalRegistry.add(uploadedIcon, {
  type: 'string',
  format: 'binary',
  description: `An svg file of at most ${ICON_MAX_KB} KB`,
});
const infrastructureCreateBody = z.extend(infrastructureCreateRequest, { icon: uploadedIcon });
const infrastructureUpdateBody = z.extend(infrastructureUpdateRequest, { icon: z.optional(uploadedIcon) });
const iconUpload = multipartBody({ icon: { maxBytes: ICON_MAX_BYTES } });

/** Tags, infrastructure, locations and connector dictionaries, under /api/v1. */
export function catalogRoutes(deps: CatalogDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const infrastructureDeps = { ...deps, log: app.log };

    // ---- Tags
    const tagsDoc = ['tags'];
    r.get('/common/tags/', {
      schema: { tags: tagsDoc, querystring: catalogListQuery, response: pagedAnswer(tag) },
      handler: async (request) => presentPage(await tags.listTags(deps, request.query), presentTag, request.lang),
    });
    r.post('/common/tags/', {
      schema: { tags: tagsDoc, body: tagCreateRequest, response: { 201: tag, 400: errorBody } },
      handler: async (request, reply) =>
        reply.code(201).send(presentTag(await tags.createTag(deps, request.body), request.lang)),
    });
    statusesRoute(r, '/common/tags/statuses/', {
      tags: tagsDoc,
      item: tag,
      change: (body) => tags.setTagStatuses(deps, body),
      present: presentTag,
    });
    r.patch('/common/tags/:id/', {
      schema: { tags: tagsDoc, params: idPathParams, body: tagUpdateRequest, response: orNotFound(tag) },
      handler: async (request) => presentTag(await tags.updateTag(deps, request.params.id, request.body), request.lang),
    });
    r.delete('/common/tags/:id/', {
      schema: { tags: tagsDoc, params: idPathParams, response: { 204: z.null(), 404: errorBody, 409: errorBody } },
      handler: async (request, reply) => {
        await tags.deleteTag(deps, request.params.id);
        return reply.code(204).send(null);
      },
    });

    // ---- Infrastructure around stations ("surroundings" in the API): multipart with an svg icon
    const infrastructureDoc = ['infrastructure'];
    r.get('/common/surroundings/', {
      schema: { tags: infrastructureDoc, querystring: catalogListQuery, response: pagedAnswer(infrastructureItem) },
      handler: async (request) =>
        presentPage(
          await infrastructure.listInfrastructure(infrastructureDeps, request.query),
          presentInfrastructure,
          request.lang,
        ),
    });
    r.post('/common/surroundings/', {
      preValidation: iconUpload,
      schema: {
        tags: infrastructureDoc,
        consumes: ['multipart/form-data'],
        body: infrastructureCreateBody,
        response: { 201: infrastructureItem, 400: errorBody },
      },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(
            presentInfrastructure(
              await infrastructure.createInfrastructure(infrastructureDeps, request.body),
              request.lang,
            ),
          ),
    });
    statusesRoute(r, '/common/surroundings/statuses/', {
      tags: infrastructureDoc,
      item: infrastructureItem,
      change: (body) => infrastructure.setInfrastructureStatuses(infrastructureDeps, body),
      present: presentInfrastructure,
    });
    r.patch('/common/surroundings/:id/', {
      preValidation: iconUpload,
      schema: {
        tags: infrastructureDoc,
        consumes: ['multipart/form-data', 'application/json'],
        params: idPathParams,
        body: infrastructureUpdateBody,
        response: orNotFound(infrastructureItem),
      },
      handler: async (request) =>
        presentInfrastructure(
          await infrastructure.updateInfrastructure(infrastructureDeps, request.params.id, request.body),
          request.lang,
        ),
    });
    r.delete('/common/surroundings/:id/', {
      schema: {
        tags: infrastructureDoc,
        params: idPathParams,
        response: { 204: z.null(), 404: errorBody, 409: errorBody },
      },
      handler: async (request, reply) => {
        await infrastructure.deleteInfrastructure(infrastructureDeps, request.params.id);
        return reply.code(204).send(null);
      },
    });

    // ---- Reference data
    r.get('/common/locations/', {
      schema: { tags: ['locations'], querystring: locationsQuery, response: { 200: locationList, 400: errorBody } },
      handler: async (request) => presentLocations(await listLocations(deps.db, request.query), request.lang),
    });
    r.get('/stations/connectors-types-positions/', {
      schema: { tags: ['stations'], querystring: dictionaryQuery, response: { 200: dictionary, 400: errorBody } },
      handler: async (request) => presentDictionary(request.query.info, request.lang),
    });
  };
}
