import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import { idPathParams } from '@evcms/contracts/query';
import {
  inviterRequest,
  REFERRAL_EXPORT_LABELS,
  referral,
  referralDriver,
  referralExportQuery,
  referralListQuery,
  referralSettings,
  referralSettingsRequest,
} from '@evcms/contracts/referrals';
import { z } from '@evcms/contracts/schema';
import { presentPage } from '../../lib/pagination.ts';
import { exportRoute, pagedAnswer } from '../../lib/resource-routes.ts';
import { referralExportColumns } from './referrals-export.ts';
import { presentInviter, presentReferral, presentReferralSettings } from './referrals.presenter.ts';
import * as referrals from './referrals.service.ts';

/** Referrals under /api/v1: the list, its export and the bonuses' settings; a driver's inviter on the card (`/users/{id}/inviter/`). */
export function referralsRoutes(deps: referrals.ReferralsDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['referrals'];

    r.get('/referrals/', {
      schema: { tags: doc, querystring: referralListQuery, response: pagedAnswer(referral) },
      handler: async (request) =>
        presentPage(await referrals.listReferrals(deps, request.query), presentReferral, request.lang),
    });
    exportRoute(r, '/referrals/export/', {
      tags: doc,
      query: referralExportQuery,
      name: 'referrals',
      sheet: REFERRAL_EXPORT_LABELS.sheet,
      columns: referralExportColumns,
      rows: (query) => referrals.exportReferrals(deps, query),
    });
    r.get('/referrals/settings/', {
      schema: { tags: doc, response: { 200: referralSettings } },
      handler: async () => presentReferralSettings(await referrals.getReferralSettings(deps)),
    });
    r.put('/referrals/settings/', {
      schema: { tags: doc, body: referralSettingsRequest, response: { 200: referralSettings, 400: errorBody } },
      handler: async (request) =>
        presentReferralSettings(await referrals.updateReferralSettings(deps, request.body, request.managerId)),
    });
    r.put('/users/:id/inviter/', {
      schema: {
        tags: doc,
        params: idPathParams,
        body: inviterRequest,
        response: { 200: referralDriver, 400: errorBody, 404: errorBody, 409: errorBody },
      },
      handler: async (request) =>
        presentInviter(
          await referrals.setInviter(deps, request.params.id, request.body.referral_code, request.managerId),
        ),
    });
    r.delete('/users/:id/inviter/', {
      schema: { tags: doc, params: idPathParams, response: { 204: z.null(), 404: errorBody, 409: errorBody } },
      handler: async (request, reply) => {
        await referrals.removeInviter(deps, request.params.id);
        return reply.code(204).send(null);
      },
    });
  };
}
