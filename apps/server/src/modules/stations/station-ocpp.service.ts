import type { Db } from '../../db/client.ts';
import * as repo from './station-ocpp.repository.ts';

/*
 * What the OCPP central system (src/ocpp) records about a station, and what the station's card
 * reads back: the link (online, last seen), the last BootNotification and the connectors'
 * reported statuses. Statuses are recorded as reported, never refused.
 */

export type { BootValues, ConnectorStatusRow, ConnectorStatusValues } from './station-ocpp.repository.ts';

export interface StationOcppRecord {
  online: boolean;
  lastSeenAt: Date | null;
  boot: (repo.BootValues & { bootedAt: Date }) | null;
  /** By OCPP connectorId (0 = the station itself). */
  statuses: Map<number, repo.ConnectorStatusRow>;
}

export async function findStationOcpp(db: Db, stationId: number): Promise<StationOcppRecord> {
  const [state, statuses] = await Promise.all([repo.findState(db, stationId), repo.findStatuses(db, stationId)]);
  return {
    online: state?.online ?? false,
    lastSeenAt: state?.lastSeenAt ?? null,
    boot: state ? bootOf(state) : null,
    statuses: new Map(statuses.map((row) => [row.connectorId, row])),
  };
}

function bootOf(state: repo.OcppStateRow): StationOcppRecord['boot'] {
  const { stationId: _station, online: _online, connectionId: _connection, connectedAt: _connected, lastSeenAt: _seen, bootedAt, ...boot } = state;
  return bootedAt ? { ...boot, bootedAt } : null;
}

// ---- For other modules (the OCPP central system)

/** A charge point connected over `connectionId`. */
export function recordConnected(db: Db, stationId: number, connectionId: string, at = new Date()): Promise<void> {
  return repo.upsertConnected(db, stationId, connectionId, at);
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

export function recordBoot(db: Db, stationId: number, boot: repo.BootValues, at = new Date()): Promise<void> {
  return repo.upsertBoot(db, stationId, boot, at);
}

export function recordStatus(db: Db, values: repo.ConnectorStatusValues): Promise<void> {
  return db.transaction((tx) => repo.insertStatus(tx, values));
}

export function findStatusHistory(db: Db, stationId: number) {
  return repo.findStatusHistory(db, stationId);
}
