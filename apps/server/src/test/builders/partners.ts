import type { FastifyInstance } from 'fastify';
import type { Partner, PartnerCreateRequest } from '@evcms/contracts/partners';
import { next } from './sequence.ts';

/** A valid partner create request (percent model, 10%) with overrides. */
export function aPartnerRequest(overrides: Partial<PartnerCreateRequest> = {}): PartnerCreateRequest {
  const n = next();
  return {
    name_ru: `Партнёр ${n}`,
    name_en: `Partner ${n}`,
    name_ky: `Өнөктөш ${n}`,
    legal_name: `Partner ${n} LLC`,
    contract_number: `PC-${n}`,
    contact_person: `Contact ${n}`,
    phone: `996700${String(n).padStart(6, '0')}`,
    email: `partner${n}@example.com`,
    fee_model: 'percent',
    fee_percent: 10,
    started_on: '2024-01-01',
    ...overrides,
  };
}

/** A partner created through the API. */
export async function aPartner(
  app: FastifyInstance,
  headers: Record<string, string>,
  overrides: Partial<PartnerCreateRequest> = {},
): Promise<Partner> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/partners/',
    headers,
    payload: aPartnerRequest(overrides),
  });
  if (response.statusCode !== 201)
    throw new Error(`creating a partner failed: ${response.statusCode} ${response.body}`);
  return response.json<Partner>();
}
