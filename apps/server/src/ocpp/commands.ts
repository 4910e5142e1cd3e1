import type { FastifyBaseLogger } from 'fastify';
import { ACCEPTING_STATUSES, type CommandOutcome } from '@evcms/contracts/ocpp-commands';
import type { Db } from '../db/client.ts';
import type { OcppRecorder } from '../lib/metrics.ts';
import {
  recordCommandOutcome,
  recordCommandSent,
  type CommandResult,
  type OcppCommand,
  type SendCommand,
} from '../modules/stations/station-commands.service.ts';
import { checkStorableTexts } from './ocpp-texts.ts';
import { CallTimeout, isOcppError } from './rpc/rpc-errors.ts';
import type { StationSocket } from './rpc/station-socket.ts';

/*
 * Commands from the back office to charge points (Reset, RemoteStopTransaction, ...): each is
 * written to the audit (ocpp_commands) with who asked before it is sent, then delivered to the
 * station's connection and waited for up to the time-out, and its outcome recorded. How a call
 * reaches a station is `Deliver`'s business alone: today the socket held by this process; with
 * several processes, a bus to the one holding it.
 */

/** How a call to a station ended, before it is judged accepted or rejected. */
export type Delivery =
  | { kind: 'answered'; response: Record<string, unknown> }
  /** Not connected, or the connection closed before the answer came. */
  | { kind: 'offline'; disconnected: boolean }
  | { kind: 'timeout' }
  /** The station answered a CALLERROR (or its answer broke the schema): its code and description. */
  | { kind: 'error'; code: string; description: string; details?: unknown };

export type Deliver = (stationId: number, action: string, params: object, timeoutMs: number) => Promise<Delivery>;

/** The station's CALLERROR as the audit keeps it: a text the database cannot store (ocpp-texts.ts) is left out, its code kept. */
function stationError(code: string, description: string, details: unknown): Delivery {
  const described = details !== null && typeof details === 'object' && Object.keys(details).length > 0;
  try {
    checkStorableTexts({ description, ...(described && { details }) });
  } catch (refusal) {
    return { kind: 'error', code, description: (refusal as Error).message };
  }
  return { kind: 'error', code, description, ...(described && { details }) };
}

/** One call over a station's socket, held by this process (`socket` undefined: not connected here). */
export async function callOverSocket(
  socket: StationSocket | undefined,
  action: string,
  params: object,
  timeoutMs: number,
): Promise<Delivery> {
  if (!socket) return { kind: 'offline', disconnected: false };
  try {
    const response = (await socket.call(action, params, timeoutMs)) as Record<string, unknown>;
    // An answer the audit could not store is refused, as a call of the station's would be.
    checkStorableTexts(response);
    return { kind: 'answered', response };
  } catch (error) {
    if (error instanceof CallTimeout) return { kind: 'timeout' };
    if (isOcppError(error)) return stationError(error.rpcErrorCode, error.message, error.details);
    // A closing socket refuses a call, and fails the call pending when it closes.
    return { kind: 'offline', disconnected: true };
  }
}

function judged(delivery: Delivery): { outcome: CommandOutcome; response: Record<string, unknown> | null } {
  switch (delivery.kind) {
    case 'answered': {
      const { status } = delivery.response;
      return {
        outcome: status === undefined || ACCEPTING_STATUSES.includes(String(status)) ? 'accepted' : 'rejected',
        response: delivery.response,
      };
    }
    case 'offline':
      return { outcome: 'offline', response: delivery.disconnected ? { disconnected: true } : null };
    case 'timeout':
      return { outcome: 'timeout', response: null };
    case 'error': {
      const { code, description, details } = delivery;
      return { outcome: 'error', response: { code, description, ...(details !== undefined && { details }) } };
    }
  }
}

export interface CommandSenderOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How long a station has to answer (OCPP_COMMAND_TIMEOUT). */
  timeoutMs: number;
  deliver: Deliver;
  metrics?: OcppRecorder;
}

export function createCommandSender({ db, log, timeoutMs, deliver, metrics }: CommandSenderOptions): SendCommand {
  return async (command: OcppCommand) => {
    const commandId = command.commandId ?? (await recordCommandSent(db, command));
    let delivery: Delivery;
    try {
      delivery = await deliver(command.stationId, command.action, command.params, timeoutMs);
    } catch (error) {
      log.error(
        { err: error, identity: command.identity, action: command.action, commandId },
        'OCPP command not delivered',
      );
      delivery = { kind: 'error', code: 'InternalError', description: 'The central system could not send the command' };
    }
    const { outcome, response } = judged(delivery);
    metrics?.commandEnded(command.action, outcome);
    await recordCommandOutcome(db, commandId, outcome, response);
    log.info(
      { identity: command.identity, action: command.action, commandId, managerId: command.managerId, outcome },
      'OCPP command',
    );
    return { commandId, outcome, response } as CommandResult;
  };
}
