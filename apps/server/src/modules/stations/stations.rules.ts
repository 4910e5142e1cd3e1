import type { MessageKey } from '@evcms/contracts/messages';
import { CONNECTORS_MAX, repeatedPositions, type ConnectorInput } from '@evcms/contracts/station-connectors';
import { MEDIA_FILES_MAX, type MediaKind } from '@evcms/contracts/station-media';
import { isActive, type Status } from '@evcms/contracts/status';

/** Rules of stations, as plain functions over records and requests. */

/** Field -> message keys, as a 400 answers them. */
export type Problems = Record<string, MessageKey[]>;

// ---- Deletion

/** Active stations cannot be deleted (spec 4). */
export function canDelete(station: { status: Status }): boolean {
  return !isActive(station.status);
}

// ---- Connectors and their numbering

/** What a connector holds besides its numbers. */
export interface ConnectorValues {
  evse: string | null;
  typo: string;
  position: number;
  powerW: number;
  cableLength: number | null;
  customFeeTyiyn: number | null;
}

/** A connector as stored: `id` and its three numbers. */
export interface StoredConnector extends ConnectorValues {
  id: number;
  evseId: number;
  connectorId: number;
  ocpp16Id: number;
}

export function connectorValues(input: ConnectorInput): ConnectorValues {
  return {
    evse: input.evse ? input.evse : null,
    typo: input.typo,
    position: input.position,
    powerW: input.power_kWh,
    cableLength: input.cable_length,
    customFeeTyiyn: input.custom_fee,
  };
}

/** A connector to number: the module and order it was given (`connectorId` null: last in its module). */
export interface Placed {
  evseId: number;
  connectorId: number | null;
}

export type Numbered<T> = Omit<T, 'evseId' | 'connectorId'> & { evseId: number; connectorId: number; ocpp16Id: number };

/**
 * Spec 4 'Numbering': modules 1..n in the order of the module numbers given, connectors 1..n in
 * each module in the order of the connector numbers given (ties and unnumbered ones keep the
 * order of the list), and ocpp_16_id 1..n across the station, module by module. Gaps left by
 * removals close.
 */
export function numberConnectors<T extends Placed>(connectors: readonly T[]): Numbered<T>[] {
  const sorted = connectors
    .map((connector, index) => ({ connector, index }))
    .sort(
      (a, b) =>
        a.connector.evseId - b.connector.evseId ||
        (a.connector.connectorId ?? Infinity) - (b.connector.connectorId ?? Infinity) ||
        a.index - b.index,
    );
  let module = 0;
  let lastEvse: number | undefined;
  let inModule = 0;
  return sorted.map(({ connector }, index) => {
    if (connector.evseId !== lastEvse) {
      module += 1;
      inModule = 0;
      lastEvse = connector.evseId;
    }
    inModule += 1;
    return { ...connector, evseId: module, connectorId: inModule, ocpp16Id: index + 1 };
  });
}

/** The station's connectors after a change: those kept (with `id`) and those added, numbered. */
export interface ConnectorPlan {
  connectors: Numbered<ConnectorValues & Placed & { id?: number }>[];
  deletedIds: number[];
}

/** What the station's whole set of connectors breaks: none left, too many, a shared position. */
export function connectorSetProblems(connectors: readonly { position: number }[]): Problems {
  if (connectors.length === 0) return { connectors: ['connectors_required'] };
  if (connectors.length > CONNECTORS_MAX) return { connectors: ['connectors_max'] };
  if (repeatedPositions(connectors).length) return { connectors: ['connector_position_duplicate'] };
  return {};
}

/**
 * Applies a connectors change to the current ones: `changes` with an id update that connector,
 * without one add a connector; `deletedIds` remove. Each id must name a connector of this
 * station, and appear once. The result is renumbered.
 */
export function planConnectors(
  current: readonly StoredConnector[],
  changes: readonly ConnectorInput[],
  deletedIds: readonly number[],
): { plan: ConnectorPlan } | { problems: Problems } {
  const byId = new Map(current.map((connector) => [connector.id, connector]));
  const problems: Problems = {};
  const deleted = new Set(deletedIds);
  if (deletedIds.some((id) => !byId.has(id))) problems.deleted_conns_ids = ['invalid_choice'];
  const updated = new Map<number, ConnectorInput>();
  changes.forEach((change, index) => {
    if (change.id === undefined) return;
    if (!byId.has(change.id) || deleted.has(change.id) || updated.has(change.id))
      problems[`connectors.${index}.id`] = ['invalid_choice'];
    else updated.set(change.id, change);
  });
  if (Object.keys(problems).length) return { problems };

  const kept = current
    .filter((connector) => !deleted.has(connector.id))
    .sort((a, b) => a.ocpp16Id - b.ocpp16Id)
    .map((connector) => {
      const change = updated.get(connector.id);
      if (!change) return { ...connector };
      return {
        id: connector.id,
        ...connectorValues(change),
        evseId: change.evse_id,
        connectorId: change.connector_id ?? connector.connectorId,
      };
    });
  const added = changes
    .filter((change) => change.id === undefined)
    .map((change) => ({
      ...connectorValues(change),
      evseId: change.evse_id,
      connectorId: change.connector_id ?? null,
    }));
  const all = [...kept, ...added];
  const setProblems = connectorSetProblems(all);
  if (Object.keys(setProblems).length) return { problems: setProblems };
  return { plan: { connectors: numberConnectors(all), deletedIds: [...deleted] } };
}

// ---- Media

export interface MediaChange {
  current: readonly { id: number; kind: MediaKind }[];
  deletedIds: readonly number[];
  added: readonly MediaKind[];
}

/**
 * A station keeps at most 10 photos and videos and at least one photo (spec 5 'at least one
 * image'); deleted ids must be its own.
 */
export function mediaProblems({ current, deletedIds, added }: MediaChange): Problems {
  const ids = new Set(current.map((file) => file.id));
  if (deletedIds.some((id) => !ids.has(id))) return { deleted_media_ids: ['invalid_choice'] };
  const deleted = new Set(deletedIds);
  const kinds = [...current.filter((file) => !deleted.has(file.id)).map((file) => file.kind), ...added];
  if (kinds.length > MEDIA_FILES_MAX) return { media_files: ['media_files_max'] };
  if (!kinds.includes('photo')) return { media_files: ['photo_required'] };
  return {};
}
