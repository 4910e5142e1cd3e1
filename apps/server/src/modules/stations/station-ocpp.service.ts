import type { OcppDiagnosticsStatus, OcppFirmwareStatus } from '@evcms/contracts/ocpp';
import type { Db } from '../../db/client.ts';
import { perDatabase } from '../../lib/prepared.ts';
import { batchedStatement } from '../../lib/statement-batches.ts';
import * as repo from './station-ocpp.repository.ts';

/*
 * What the OCPP central system (src/ocpp) records about a station, and what the station's card
 * reads back: the link (online, last seen), the last BootNotification, the connectors' reported
 * statuses and the last diagnostics and firmware statuses. Statuses are recorded as reported, never refused.
 */

export type { BootValues, ChargeSite, ConnectorStatusRow, ConnectorStatusValues } from './station-ocpp.repository.ts';

export interface StationOcppRecord {
  online: boolean;
  lastSeenAt: Date | null;
  boot: (repo.BootValues & { bootedAt: Date }) | null;
  /** By OCPP connectorId (0 = the station itself). */
  statuses: Map<number, repo.ConnectorStatusRow>;
  /** The last DiagnosticsStatusNotification and FirmwareStatusNotification; null until one came. */
  diagnostics: { status: OcppDiagnosticsStatus; at: Date } | null;
  firmware: { status: OcppFirmwareStatus; at: Date } | null;
}

/** The OCPP state of each of `stationIds` (a station that never connected gets the empty one); two queries whatever their number. */
export async function findStationsOcpp(db: Db, stationIds: readonly number[]): Promise<Map<number, StationOcppRecord>> {
  // One after the other: `db` may be a transaction, which runs one query at a time.
  const states = new Map((await repo.findStates(db, stationIds)).map((state) => [state.stationId, state]));
  const statuses = new Map<number, repo.ConnectorStatusRow[]>();
  for (const row of await repo.findStatuses(db, stationIds))
    statuses.set(row.stationId, [...(statuses.get(row.stationId) ?? []), row]);
  return new Map(stationIds.map((id) => [id, stationOcpp(states.get(id), statuses.get(id) ?? [])]));
}

/** Whether the station holds a connection to one of the processes (a command's first check): its state's flag alone. */
export function isStationOnline(db: Db, stationId: number): Promise<boolean> {
  return repo.findOnline(db, stationId);
}

export async function findStationOcpp(db: Db, stationId: number): Promise<StationOcppRecord> {
  return (await findStationsOcpp(db, [stationId])).get(stationId)!;
}

function stationOcpp(state: repo.OcppStateRow | undefined, statuses: repo.ConnectorStatusRow[]): StationOcppRecord {
  return {
    online: state?.online ?? false,
    lastSeenAt: state?.lastSeenAt ?? null,
    boot: state ? bootOf(state) : null,
    statuses: new Map(statuses.map((row) => [row.connectorId, row])),
    diagnostics: reported(state?.diagnosticsStatus, state?.diagnosticsStatusAt),
    firmware: reported(state?.firmwareStatus, state?.firmwareStatusAt),
  };
}

function bootOf(state: repo.OcppStateRow): StationOcppRecord['boot'] {
  const { bootedAt } = state;
  if (!bootedAt) return null;
  const boot = Object.fromEntries(repo.BOOT_FIELDS.map((field) => [field, state[field]])) as repo.BootValues;
  return { ...boot, bootedAt };
}

function reported<Status>(
  status: Status | null | undefined,
  at: Date | null | undefined,
): { status: Status; at: Date } | null {
  return status && at ? { status, at } : null;
}

// ---- For other modules (the OCPP central system)

/** Where a charge starting on a charge point's connector belongs (the charges' start: one query). */
export function findChargeSite(
  db: Db,
  stationId: number,
  ocppConnectorId: number,
): Promise<repo.ChargeSite | undefined> {
  return repo.findChargeSite(db, stationId, ocppConnectorId);
}

/** Makes starts on a station whose time was replaced wait for each other, in `db`'s transaction (the charges' start). */
export function lockStationStarts(db: Db, stationId: number): Promise<void> {
  return repo.lockStationStarts(db, stationId);
}

/** A charge point connected over `connectionId`. */
export function recordConnected(
  db: Db,
  stationId: number,
  connectionId: string,
  at = new Date(),
  processId: string | null = null,
): Promise<void> {
  return repo.upsertConnected(db, stationId, connectionId, at, processId);
}

/** A server process serving OCPP says it is alive. */
export function recordProcessAlive(db: Db, processId: string, at = new Date()): Promise<void> {
  return repo.upsertProcessSeen(db, processId, at);
}

/** A process stopping cleanly: its stations are closed and written offline by then. */
export function forgetProcess(db: Db, processId: string): Promise<void> {
  return repo.deleteProcess(db, processId);
}

/** The stations left online by a process silent since `before` (crashed): offline now; answers them. */
export function recordOrphansOffline(db: Db, before: Date): Promise<number[]> {
  return repo.updateOrphansOffline(db, before);
}

/** `connectionId` closed; the station stays online when a newer connection already replaced it. */
export function recordDisconnected(db: Db, stationId: number, connectionId: string, lastSeenAt: Date): Promise<void> {
  return repo.updateDisconnected(db, stationId, connectionId, lastSeenAt);
}

/** Signs of life (messages, pongs, heartbeats) of many stations at once. */
export function recordSeen(db: Db, seen: readonly { stationId: number; at: Date }[]): Promise<void> {
  return repo.updateSeen(db, seen);
}

/** At the start of the only process using the database, no station can still be connected. */
export function recordAllOffline(db: Db): Promise<void> {
  return repo.updateAllOffline(db);
}

/** The boot the central system accepts; a station is "New" until its first one, when it has connected for real (docs/decisions.md). */
export async function recordBoot(db: Db, stationId: number, boot: repo.BootValues, at = new Date()): Promise<void> {
  await repo.upsertBoot(db, stationId, boot, at);
  await repo.clearNew(db, stationId);
}

export function recordDiagnosticsStatus(
  db: Db,
  stationId: number,
  status: OcppDiagnosticsStatus,
  at = new Date(),
): Promise<void> {
  return repo.upsertStatusReport(db, stationId, { diagnosticsStatus: status, diagnosticsStatusAt: at });
}

export function recordFirmwareStatus(
  db: Db,
  stationId: number,
  status: OcppFirmwareStatus,
  at = new Date(),
): Promise<void> {
  return repo.upsertStatusReport(db, stationId, { firmwareStatus: status, firmwareStatusAt: at });
}

const statusBatches = perDatabase((db) =>
  batchedStatement<repo.ConnectorStatusValues, void>({
    key: (values) => `${values.stationId}:${values.connectorId}`,
    together: async (batch) => {
      await repo.insertStatuses(db, batch);
      return batch.map(() => undefined);
    },
  }),
);

/** The history's row and the connector's current status, in one statement shared with other connectors' statuses reported meanwhile. */
export function recordStatus(db: Db, values: repo.ConnectorStatusValues): Promise<void> {
  return statusBatches(db)(values);
}

/** Of `stationIds`, the stations offline and silent since before `before` (the offline limit's sweep). */
export function findSilentStations(db: Db, stationIds: readonly number[], before: Date): Promise<number[]> {
  return repo.findSilentSince(db, stationIds, before);
}

export function findStatusHistory(db: Db, stationId: number) {
  return repo.findStatusHistory(db, stationId);
}
