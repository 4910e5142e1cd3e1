import type { Paged } from '@evcms/contracts/common';
import type {
  ChangeAvailabilityRequest,
  ChangeConfigurationRequest,
  CommandAnswerOutcome,
  CommandOutcome,
  GetConfigurationRequest,
  OcppCommandAction,
  OcppCommandListQuery,
  OcppCommandTypes,
  ResetType,
  TriggerMessageRequest,
  UnlockConnectorRequest,
} from '@evcms/contracts/ocpp-commands';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import { managerNames } from '../accounts/accounts.service.ts';
import * as repo from './station-commands.repository.ts';

/*
 * Commands to charge points: the station reset of the specification and the station card's
 * commands, each sent by the OCPP central system (src/ocpp/commands.ts, given to this module as
 * `command`) and kept in the audit with the manager who issued it.
 */

export type { CommandRecord } from './station-commands.repository.ts';

/** A command for one station: what goes over OCPP, and who asked (null: the system itself). */
export interface OcppCommand<A extends OcppCommandAction = OcppCommandAction> {
  stationId: number;
  identity: string;
  managerId: number | null;
  action: A;
  params: OcppCommandTypes[A]['params'];
  /** The charge it is about (a charge's stop). */
  chargeId?: number | null;
  /** Its audit row, when the caller wrote it already (recordChargeCommand); else the sender writes one. */
  commandId?: number;
}

/** How it ended: the station's confirmation when it answered, else what the audit recorded of the failure. */
export type CommandResult<A extends OcppCommandAction = OcppCommandAction> = { commandId: number } & (
  | { outcome: 'accepted' | 'rejected'; response: OcppCommandTypes[A]['response'] }
  | { outcome: 'offline' | 'timeout' | 'error'; response: Record<string, unknown> | null }
);

/** Sends a command to its station and records it (the central system's `command`). */
export type SendCommand = <A extends OcppCommandAction>(command: OcppCommand<A>) => Promise<CommandResult<A>>;

export interface StationCommandsDeps {
  db: Db;
  command: SendCommand;
}

/** What the API answers of a command: how it ended, the station's status word, and its audit entry. */
export interface CommandAnswerRecord<R = unknown> {
  outcome: CommandAnswerOutcome;
  /** The station's own word ('Accepted', 'Unlocked', 'Scheduled', ...) when it answered one. */
  status: string | null;
  commandId: number | null;
  response: R | null;
}

function answerOf<A extends OcppCommandAction>(
  result: CommandResult<A>,
): CommandAnswerRecord<OcppCommandTypes[A]['response']> {
  const answered = result.outcome === 'accepted' || result.outcome === 'rejected';
  const status = answered && 'status' in result.response ? String(result.response.status) : null;
  return { outcome: result.outcome, status, commandId: result.commandId, response: answered ? result.response : null };
}

const refused = (outcome: CommandAnswerOutcome): CommandAnswerRecord<never> => ({
  outcome,
  status: null,
  commandId: null,
  response: null,
});

async function send<A extends OcppCommandAction>(
  deps: StationCommandsDeps,
  target: repo.CommandTarget,
  managerId: number | null,
  action: A,
  params: OcppCommandTypes[A]['params'],
) {
  return answerOf(await deps.command({ stationId: target.id, identity: target.identity, managerId, action, params }));
}

async function targetOf(db: Db, stationId: number): Promise<repo.CommandTarget> {
  const target = await repo.findTarget(db, { id: stationId });
  if (!target) throw notFound();
  return target;
}

/** The connector must be one of the station's (or 0, the station itself, where `station` allows it). */
function checkConnector(target: repo.CommandTarget, connectorId: number, options: { station: boolean }): void {
  if ((connectorId === 0 && options.station) || target.connectorIds.includes(connectorId)) return;
  throw fieldError('connector_id', 'invalid_choice');
}

/**
 * `action` to the station `stationId` (404 for an unknown one); a connector its params name must be
 * one of the station's (400 on `connector_id`), or 0, the station itself, for all but an unlock.
 */
async function sendToStation<A extends OcppCommandAction>(
  deps: StationCommandsDeps,
  stationId: number,
  managerId: number,
  action: A,
  params: OcppCommandTypes[A]['params'],
) {
  const target = await targetOf(deps.db, stationId);
  const { connectorId } = params as { connectorId?: number };
  if (connectorId !== undefined) checkConnector(target, connectorId, { station: action !== 'UnlockConnector' });
  return send(deps, target, managerId, action, params);
}

/** POST /stations/reset/{identity}/: OCPP Reset; an unknown identity is a failure like any other (spec 8). */
export async function resetStation(deps: StationCommandsDeps, identity: string, type: ResetType, managerId: number) {
  const target = await repo.findTarget(deps.db, { identity });
  return target ? send(deps, target, managerId, 'Reset', { type }) : refused('unknown_station');
}

export function unlockConnector(
  deps: StationCommandsDeps,
  stationId: number,
  request: UnlockConnectorRequest,
  managerId: number,
) {
  return sendToStation(deps, stationId, managerId, 'UnlockConnector', { connectorId: request.connector_id });
}

/** Connector 0 changes the whole station. */
export function changeAvailability(
  deps: StationCommandsDeps,
  stationId: number,
  request: ChangeAvailabilityRequest,
  managerId: number,
) {
  return sendToStation(deps, stationId, managerId, 'ChangeAvailability', {
    connectorId: request.connector_id,
    type: request.type,
  });
}

export function triggerMessage(
  deps: StationCommandsDeps,
  stationId: number,
  request: TriggerMessageRequest,
  managerId: number,
) {
  return sendToStation(deps, stationId, managerId, 'TriggerMessage', {
    requestedMessage: request.requested_message,
    ...(request.connector_id !== undefined && { connectorId: request.connector_id }),
  });
}

export function getConfiguration(
  deps: StationCommandsDeps,
  stationId: number,
  request: GetConfigurationRequest,
  managerId: number,
) {
  const params = request.keys?.length ? { key: request.keys } : {};
  return sendToStation(deps, stationId, managerId, 'GetConfiguration', params);
}

export function changeConfiguration(
  deps: StationCommandsDeps,
  stationId: number,
  request: ChangeConfigurationRequest,
  managerId: number,
) {
  return sendToStation(deps, stationId, managerId, 'ChangeConfiguration', { key: request.key, value: request.value });
}

/** GET /stations/{id}/ocpp/commands/: the station's commands, newest first. */
/** A command of the station's audit, with the name of the manager who sent it (null: the system, or a manager since removed). */
export type CommandEntry = repo.CommandRecord & { managerName: string | null };

export async function listStationCommands(
  deps: { db: Db },
  stationId: number,
  query: OcppCommandListQuery,
): Promise<Paged<CommandEntry>> {
  await targetOf(deps.db, stationId);
  const page = pageRequest(query);
  const [rows, total] = await repo.findCommands(deps.db, stationId, pageWindow(page));
  const names = await managerNames(
    deps.db,
    rows.flatMap((row) => (row.managerId === null ? [] : [row.managerId])),
  );
  return pagedResult(
    rows.map((row) => ({ ...row, managerName: row.managerId === null ? null : (names.get(row.managerId) ?? null) })),
    total,
    page,
  );
}

// ---- For other modules

/** A command to the station `stationId` (a charge's stop, say), from a manager or from the system (null). */
export async function commandStation<A extends OcppCommandAction>(
  deps: StationCommandsDeps,
  stationId: number,
  managerId: number | null,
  action: A,
  params: OcppCommandTypes[A]['params'],
): Promise<CommandAnswerRecord<OcppCommandTypes[A]['response']>> {
  const target = await repo.findTarget(deps.db, { id: stationId });
  return target ? send(deps, target, managerId, action, params) : refused('unknown_station');
}

/**
 * A command about a charge, its audit row written in the caller's transaction (`tx`), which holds
 * the charge's lock: so a guard reading the charge's last command in that transaction sees every
 * one (charge-commands.service.ts). Sent after the commit by `sendRecordedCommand`; undefined for a
 * station that no longer exists.
 */
export async function recordChargeCommand<A extends OcppCommandAction>(
  tx: Db,
  chargeId: number,
  stationId: number,
  managerId: number | null,
  action: A,
  params: OcppCommandTypes[A]['params'],
): Promise<OcppCommand<A> | undefined> {
  const target = await repo.findTarget(tx, { id: stationId });
  if (!target) return undefined;
  const command = { stationId, identity: target.identity, managerId, action, params, chargeId };
  return { ...command, commandId: await recordCommandSent(tx, command) };
}

export async function sendRecordedCommand<A extends OcppCommandAction>(
  deps: StationCommandsDeps,
  command: OcppCommand<A>,
) {
  return answerOf(await deps.command(command));
}

/** The last command of `action` about the charge: when it was asked, and its outcome once it came (null before). */
export function findLastChargeCommand(db: Db, chargeId: number, action: OcppCommandAction) {
  return repo.findLastChargeCommand(db, chargeId, action);
}

/** The station a command about one of its connectors goes to: 404 for an unknown station, 400 on `connector_id` for a connector it does not have. */
export async function connectorTarget(db: Db, stationId: number, connectorId: number): Promise<repo.CommandTarget> {
  const target = await targetOf(db, stationId);
  checkConnector(target, connectorId, { station: false });
  return target;
}

/** The central system's record of a command about to be sent; answers its audit id. */
export function recordCommandSent(db: Db, command: OcppCommand): Promise<number> {
  const { stationId, identity, managerId, action, params, chargeId } = command;
  return repo.insertCommand(db, {
    stationId,
    identity,
    managerId,
    action,
    params: params as Record<string, unknown>,
    chargeId: chargeId ?? null,
  });
}

export function recordCommandOutcome(
  db: Db,
  commandId: number,
  outcome: CommandOutcome,
  response: Record<string, unknown> | null,
): Promise<void> {
  return repo.finishCommand(db, commandId, outcome, response);
}
