import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { banner, bannerListItem, bannerListQuery } from '@evcms/contracts/banners';
import { errorBody } from '@evcms/contracts/common';
import { idPathParams } from '@evcms/contracts/query';
import { z } from '@evcms/contracts/schema';
import { presentPage } from '../../lib/pagination.ts';
import { orNotFound, pagedAnswer, statusesRoute } from '../../lib/resource-routes.ts';
import { bannerCreateBody, bannerUpdateBody, bannerUpload } from './banner-uploads.ts';
import { presentBanner, presentBannerListItem } from './banners.presenter.ts';
import * as banners from './banners.service.ts';

/** Banners and fullscreens, under /api/v1/ads/banners: create and update are multipart (the image and its crop data). */
export function bannersRoutes(deps: Omit<banners.BannersDeps, 'log'>) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['banners'];
    const withLog = { ...deps, log: app.log };

    r.get('/', {
      schema: { tags: doc, querystring: bannerListQuery, response: pagedAnswer(bannerListItem) },
      handler: async (request) =>
        presentPage(await banners.listBanners(deps, request.query), presentBannerListItem, request.lang),
    });
    r.post('/', {
      preValidation: bannerUpload,
      schema: {
        tags: doc,
        consumes: ['multipart/form-data'],
        body: bannerCreateBody,
        response: { 201: banner, 400: errorBody, 409: errorBody },
      },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(presentBanner(await banners.createBanner(withLog, request.body, request.managerId), request.lang)),
    });
    statusesRoute(r, '/statuses/', {
      tags: doc,
      item: bannerListItem,
      change: (body) => banners.setBannerStatuses(deps, body),
      present: presentBannerListItem,
    });
    r.get('/:id/', {
      schema: { tags: doc, params: idPathParams, response: orNotFound(banner) },
      handler: async (request) => presentBanner(await banners.getBanner(deps, request.params.id), request.lang),
    });
    r.patch('/:id/', {
      preValidation: bannerUpload,
      schema: {
        tags: doc,
        consumes: ['multipart/form-data', 'application/json'],
        params: idPathParams,
        body: bannerUpdateBody,
        response: { ...orNotFound(banner), 409: errorBody },
      },
      handler: async (request) =>
        presentBanner(await banners.updateBanner(withLog, request.params.id, request.body), request.lang),
    });
    r.post('/:id/copy/', {
      schema: { tags: doc, params: idPathParams, response: { 201: banner, 404: errorBody } },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(presentBanner(await banners.copyBanner(withLog, request.params.id, request.managerId), request.lang)),
    });
    r.delete('/:id/', {
      schema: { tags: doc, params: idPathParams, response: { 204: z.null(), 404: errorBody, 409: errorBody } },
      handler: async (request, reply) => {
        await banners.deleteBanner(withLog, request.params.id);
        return reply.code(204).send(null);
      },
    });
  };
}
