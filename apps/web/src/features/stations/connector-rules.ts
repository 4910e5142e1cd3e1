import type { Connector } from '@evcms/contracts/station-connectors';

/*
 * The station form's EVSE modules and connectors (spec 2.10 and 4), as plain functions: module
 * cards are the connectors grouped by evse_id, each sorted by connector_id; every change is
 * followed by the numbering the server will give (EVSE ids 1..n, connector ids 1..n per module,
 * ocpp_16_id 1..n across the station), so the cards show what will be saved.
 */

/** A connector in the form: a stored one (id, ocpp_16_id) or one added here (neither). */
export interface ConnectorDraft {
  id?: number;
  evse_id: number;
  /** The number printed on the module; every connector of a module carries the module's. */
  evse: string | null;
  connector_id: number;
  /** The OCPP connectorId; a connector without one is new (spec 4 'Connector form'). */
  ocpp_16_id?: number;
  typo: string;
  position: number;
  power_kWh: number;
  cable_length: number | null;
  custom_fee: number | null;
}

/** What the connector modal edits. */
export type ConnectorValues = Pick<ConnectorDraft, 'typo' | 'position' | 'power_kWh' | 'cable_length' | 'custom_fee'>;

/** A module card: it may be empty (then it offers add-connector and remove-module). */
export interface ModuleDraft<C extends ConnectorDraft = ConnectorDraft> {
  evse_id: number;
  evse: string | null;
  connectors: C[];
}

/** A connector as the create and the update send it; `id` names a stored one. */
export interface ConnectorBody {
  id?: number;
  evse_id: number;
  evse: string | null;
  connector_id: number;
  typo: string;
  position: number;
  power_kWh: number;
  cable_length: number | null;
  custom_fee: number | null;
}

/** The connectors of an edit, as PATCH /stations/update/{id}/ takes them with the fields (or the connectors call alone). */
export interface ConnectorsChange {
  connectors: ConnectorBody[];
  deleted_conns_ids: number[];
}

export function isNewConnector(connector: Pick<ConnectorDraft, 'ocpp_16_id'>): boolean {
  return connector.ocpp_16_id === undefined || connector.ocpp_16_id === null;
}

/** A stored connector as the form holds it (without the names of its type and position). */
export function draftOf(connector: Connector): ConnectorDraft {
  const { typo_name: _type, position_name: _position, ...draft } = connector;
  return draft;
}

const byConnectorId = (a: ConnectorDraft, b: ConnectorDraft) => a.connector_id - b.connector_id;

/** The module cards of a station's connectors: by evse_id, each module's connectors by connector_id. */
export function groupModules<C extends ConnectorDraft>(connectors: readonly C[]): ModuleDraft<C>[] {
  const modules = new Map<number, ModuleDraft<C>>();
  for (const connector of connectors) {
    const module = modules.get(connector.evse_id) ?? { evse_id: connector.evse_id, evse: null, connectors: [] };
    module.evse ??= connector.evse || null;
    module.connectors.push(connector);
    modules.set(connector.evse_id, module);
  }
  return [...modules.values()]
    .sort((a, b) => a.evse_id - b.evse_id)
    .map((module) => ({ ...module, connectors: [...module.connectors].sort(byConnectorId) }));
}

/**
 * Spec 4 'Numbering': modules 1..n in their order, connectors 1..n in each module by their
 * connector_id, and ocpp_16_id 1..n across the station module by module. A new connector keeps
 * no ocpp_16_id (it stays new) but holds its place, so the stored ones show the number the
 * server will give them.
 */
export function renumber(modules: readonly ModuleDraft[]): ModuleDraft[] {
  let station = 0;
  return modules.map((module, index) => {
    const evse_id = index + 1;
    const connectors = [...module.connectors].sort(byConnectorId).map((connector, inModule) => {
      station += 1;
      const numbered: ConnectorDraft = { ...connector, evse_id, evse: module.evse, connector_id: inModule + 1 };
      if (isNewConnector(connector)) delete numbered.ocpp_16_id;
      else numbered.ocpp_16_id = station;
      return numbered;
    });
    return { ...module, evse_id, connectors };
  });
}

/** Every connector of the modules, in station order. */
export function flatten(modules: readonly ModuleDraft[]): ConnectorDraft[] {
  return modules.flatMap((module) => module.connectors);
}

export function addModule(modules: readonly ModuleDraft[]): ModuleDraft[] {
  return [...modules, { evse_id: modules.length + 1, evse: null, connectors: [] }];
}

export function removeModule(modules: readonly ModuleDraft[], evseId: number): ModuleDraft[] {
  return renumber(modules.filter((module) => module.evse_id !== evseId));
}

export function setModuleLabel(modules: readonly ModuleDraft[], evseId: number, label: string): ModuleDraft[] {
  const evse = label.trim() || null;
  return renumber(modules.map((module) => (module.evse_id === evseId ? { ...module, evse } : module)));
}

function mapModule(modules: readonly ModuleDraft[], evseId: number, change: (module: ModuleDraft) => ModuleDraft) {
  return renumber(modules.map((module) => (module.evse_id === evseId ? change(module) : module)));
}

/**
 * The connector modal's save: the connector `connectorId` of the module takes the values, or,
 * without `connectorId`, a new connector joins the end of the module.
 */
export function saveConnector(
  modules: readonly ModuleDraft[],
  evseId: number,
  values: ConnectorValues,
  connectorId?: number,
): ModuleDraft[] {
  return mapModule(modules, evseId, (module) => ({
    ...module,
    connectors:
      connectorId === undefined
        ? [
            ...module.connectors,
            { ...values, evse_id: evseId, evse: module.evse, connector_id: module.connectors.length + 1 },
          ]
        : module.connectors.map((connector) =>
            connector.connector_id === connectorId ? { ...connector, ...values } : connector,
          ),
  }));
}

export function removeConnector(modules: readonly ModuleDraft[], evseId: number, connectorId: number): ModuleDraft[] {
  return mapModule(modules, evseId, (module) => ({
    ...module,
    connectors: module.connectors.filter((connector) => connector.connector_id !== connectorId),
  }));
}

export function setPosition(
  modules: readonly ModuleDraft[],
  evseId: number,
  connectorId: number,
  position: number,
): ModuleDraft[] {
  return mapModule(modules, evseId, (module) => ({
    ...module,
    connectors: module.connectors.map((connector) =>
      connector.connector_id === connectorId ? { ...connector, position } : connector,
    ),
  }));
}

/** Positions that more than one connector of the station uses: each of their selects is flagged. */
export function sharedPositions(connectors: readonly Pick<ConnectorDraft, 'position'>[]): Set<number> {
  const seen = new Set<number>();
  const shared = new Set<number>();
  for (const { position } of connectors) {
    if (seen.has(position)) shared.add(position);
    seen.add(position);
  }
  return shared;
}

/** The modal's cable length: empty becomes null (spec 4); the rule has checked the digits. */
export function cableLengthOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : Number(text);
}

function bodyOf(connector: ConnectorDraft): ConnectorBody {
  const body: ConnectorBody = {
    evse_id: connector.evse_id,
    evse: connector.evse || null,
    connector_id: connector.connector_id,
    typo: connector.typo,
    position: connector.position,
    power_kWh: connector.power_kWh,
    cable_length: connector.cable_length,
    custom_fee: connector.custom_fee,
  };
  return connector.id === undefined ? body : { id: connector.id, ...body };
}

/** The connectors a new station is created with (numbered, no ids). */
export function connectorBodies(modules: readonly ModuleDraft[]): ConnectorBody[] {
  return flatten(renumber(modules)).map(({ id: _id, ...connector }) => bodyOf(connector));
}

/**
 * Spec 4 'Station update': the connectors of an edit, only when a connector was edited, added or
 * removed (or moved by a removal); null when the connectors are as stored. It holds every
 * connector left (stored ones with their id) and the ids of the removed ones.
 */
export function connectorsChange(
  stored: readonly ConnectorDraft[],
  modules: readonly ModuleDraft[],
): ConnectorsChange | null {
  const current = flatten(renumber(modules));
  const kept = new Set(current.flatMap((connector) => (connector.id === undefined ? [] : [connector.id])));
  const deleted = stored.flatMap((connector) =>
    connector.id !== undefined && !kept.has(connector.id) ? [connector.id] : [],
  );
  const before = new Map(stored.map((connector) => [connector.id, JSON.stringify(bodyOf(connector))]));
  const changed = current.some(
    (connector) => connector.id === undefined || before.get(connector.id) !== JSON.stringify(bodyOf(connector)),
  );
  if (!changed && deleted.length === 0) return null;
  return { connectors: current.map(bodyOf), deleted_conns_ids: deleted };
}
