import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { SendCommand } from '../modules/stations/station-commands.service.ts';
import type { ChargeMemo } from './charge-memo.ts';
import type { Presence } from './presence.ts';

/** What a handler of a charge point's call is given: the services' database and the settings it answers with. */
export interface OcppContext {
  db: Db;
  /**
   * Database.telemetryDb (unset: `db`): where what the next report supersedes is written (meter
   * progress, statuses, last-seen, the log), and where the batched hot-path reads run, since its
   * prepared statements keep their generic plans (db/client.ts).
   */
  telemetryDb?: Db;
  log: FastifyBaseLogger;
  heartbeatIntervalSeconds: number;
  /** The balance, in tyiyn, Authorize and StartTransaction ask of a driver; unset: the charge services' default. */
  minimumBalanceTyiyn?: number | undefined;
  /** How far ahead of the server a station's timestamp may be before the server's time replaces it (ocpp-time.ts); unset: 15 minutes. */
  clockSkewMs?: number | undefined;
  /** The power (W) a charge's meter is judged by on a connector whose power is not set; unset: the charge services' default. */
  powerCeilingW?: number | undefined;
  /** DataTransfer vendorIds accepted, lower-cased; none unless configured. */
  dataTransferVendors?: readonly string[];
  /** Commands to charge points (commands.ts), for the ones the central system sends by itself (prepaid protection). */
  command?: SendCommand;
  /** Last-seen, written in batches (presence.ts); unset: each Heartbeat writes its own. */
  presence?: Presence;
  /** The connection's running charges as its MeterValues read them (charge-memo.ts); unset: read on every call. */
  chargeMemo?: ChargeMemo;
}

/** The connected charge point a call came from. */
export interface StationLink {
  stationId: number;
  identity: string;
}

/** One OCPP action: the request as the strict schema let it through, the confirmation to send back. */
export type OcppHandler<Request, Confirmation> = (
  ctx: OcppContext,
  station: StationLink,
  request: Request,
) => Promise<Confirmation>;
