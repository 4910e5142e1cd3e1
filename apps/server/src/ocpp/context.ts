import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';

/** What a handler of a charge point's call is given: the services' database and the settings it answers with. */
export interface OcppContext {
  db: Db;
  log: FastifyBaseLogger;
  heartbeatIntervalSeconds: number;
}

/** The connected charge point a call came from. */
export interface StationLink {
  stationId: number;
  identity: string;
}

/** One OCPP action: the request as the strict schema let it through, the confirmation to send back. */
export type OcppHandler<Request, Confirmation> = (ctx: OcppContext, station: StationLink, request: Request) => Promise<Confirmation>;
