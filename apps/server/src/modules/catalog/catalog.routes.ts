import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  catalogListQuery,
  dictionary,
  dictionaryQuery,
  ICON_MAX_BYTES,
  ICON_MAX_KB,
  iconWithinLimit,
  locationList,
  locationsQuery,
  statusesRequest,
  surrounding,
  surroundingCreateRequest,
  surroundingUpdateRequest,
  tag,
  tagCreateRequest,
  tagUpdateRequest,
} from '@evcms/contracts/catalog';
import { errorBody, paged } from '@evcms/contracts/common';
import { idPathParams } from '@evcms/contracts/query';
import { z } from '@evcms/contracts/schema';
import type { Db } from '../../db/client.ts';
import { isUploadedFile, multipartBody, type MediaStore, type UploadedFile } from '../../lib/uploads.ts';
import { connectorDictionary } from './dictionaries.service.ts';
import { listLocations } from './locations.service.ts';
import * as surroundings from './surroundings.service.ts';
import * as tags from './tags.service.ts';

export interface CatalogDeps {
  db: Db;
  media: MediaStore;
}

// On the server the icon is the multipart part itself; its size rule is the contracts' one.
const uploadedIcon = z.custom<UploadedFile>(isUploadedFile, { error: 'icon_required' }).check(iconWithinLimit);
z.globalRegistry.add(uploadedIcon, { type: 'string', format: 'binary', description: `An svg file of at most ${ICON_MAX_KB} KB` });
const surroundingCreateBody = z.extend(surroundingCreateRequest, { icon: uploadedIcon });
const surroundingUpdateBody = z.extend(surroundingUpdateRequest, { icon: z.optional(uploadedIcon) });
const iconUpload = multipartBody({ icon: { maxBytes: ICON_MAX_BYTES } });

/** Tags, infrastructure, locations and connector dictionaries, under /api/v1. */
export function catalogRoutes(deps: CatalogDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const surroundingsDeps = { ...deps, log: app.log };

    // ---- Tags
    const tagsDoc = ['tags'];
    r.get('/common/tags/', {
      schema: { tags: tagsDoc, querystring: catalogListQuery, response: { 200: paged(tag), 400: errorBody } },
      handler: (request) => tags.listTags(deps, request.query, request.lang),
    });
    r.post('/common/tags/', {
      schema: { tags: tagsDoc, body: tagCreateRequest, response: { 201: tag, 400: errorBody } },
      handler: async (request, reply) => reply.code(201).send(await tags.createTag(deps, request.body, request.lang)),
    });
    r.patch('/common/tags/statuses/', {
      schema: { tags: tagsDoc, body: statusesRequest, response: { 200: z.array(tag), 400: errorBody, 404: errorBody } },
      handler: (request) => tags.setTagStatuses(deps, request.body, request.lang),
    });
    r.patch('/common/tags/:id/', {
      schema: { tags: tagsDoc, params: idPathParams, body: tagUpdateRequest, response: { 200: tag, 400: errorBody, 404: errorBody } },
      handler: (request) => tags.updateTag(deps, request.params.id, request.body, request.lang),
    });
    r.delete('/common/tags/:id/', {
      schema: { tags: tagsDoc, params: idPathParams, response: { 204: z.null(), 404: errorBody, 409: errorBody } },
      handler: async (request, reply) => {
        await tags.deleteTag(deps, request.params.id);
        return reply.code(204).send(null);
      },
    });

    // ---- Infrastructure around stations: multipart with an svg icon
    const surroundingsDoc = ['infrastructure'];
    r.get('/common/surroundings/', {
      schema: { tags: surroundingsDoc, querystring: catalogListQuery, response: { 200: paged(surrounding), 400: errorBody } },
      handler: (request) => surroundings.listSurroundings(surroundingsDeps, request.query, request.lang),
    });
    r.post('/common/surroundings/', {
      preValidation: iconUpload,
      schema: {
        tags: surroundingsDoc,
        consumes: ['multipart/form-data'],
        body: surroundingCreateBody,
        response: { 201: surrounding, 400: errorBody },
      },
      handler: async (request, reply) =>
        reply.code(201).send(await surroundings.createSurrounding(surroundingsDeps, request.body, request.lang)),
    });
    r.patch('/common/surroundings/statuses/', {
      schema: { tags: surroundingsDoc, body: statusesRequest, response: { 200: z.array(surrounding), 400: errorBody, 404: errorBody } },
      handler: (request) => surroundings.setSurroundingStatuses(surroundingsDeps, request.body, request.lang),
    });
    r.patch('/common/surroundings/:id/', {
      preValidation: iconUpload,
      schema: {
        tags: surroundingsDoc,
        consumes: ['multipart/form-data', 'application/json'],
        params: idPathParams,
        body: surroundingUpdateBody,
        response: { 200: surrounding, 400: errorBody, 404: errorBody },
      },
      handler: (request) => surroundings.updateSurrounding(surroundingsDeps, request.params.id, request.body, request.lang),
    });
    r.delete('/common/surroundings/:id/', {
      schema: { tags: surroundingsDoc, params: idPathParams, response: { 204: z.null(), 404: errorBody, 409: errorBody } },
      handler: async (request, reply) => {
        await surroundings.deleteSurrounding(surroundingsDeps, request.params.id);
        return reply.code(204).send(null);
      },
    });

    // ---- Reference data
    r.get('/common/locations/', {
      schema: { tags: ['locations'], querystring: locationsQuery, response: { 200: locationList, 400: errorBody } },
      handler: (request) => listLocations(deps.db, request.query, request.lang),
    });
    r.get('/stations/connectors-types-positions/', {
      schema: { tags: ['stations'], querystring: dictionaryQuery, response: { 200: dictionary, 400: errorBody } },
      handler: async (request) => connectorDictionary(request.query.info, request.lang),
    });
  };
}
