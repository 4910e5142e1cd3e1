import { describe, expect, it } from 'vitest';
import type { Connector } from '@evcms/contracts/station-connectors';
import {
  addModule,
  cableLengthOf,
  connectorBodies,
  connectorsChange,
  draftOf,
  flatten,
  groupModules,
  isNewConnector,
  removeConnector,
  removeModule,
  saveConnector,
  setModuleLabel,
  setPosition,
  sharedPositions,
  type ConnectorDraft,
  type ConnectorValues,
} from './connector-rules.ts';

const stored = (
  id: number,
  evse_id: number,
  connector_id: number,
  ocpp_16_id: number,
  position: number,
): ConnectorDraft => ({
  id,
  evse_id,
  evse: evse_id === 1 ? 'A-1' : null,
  connector_id,
  ocpp_16_id,
  typo: 'type2',
  position,
  power_kWh: 22,
  cable_length: null,
  custom_fee: null,
});

// Stored out of order, as an answer may list them: module 2 first, module 1's connectors reversed.
const STATION = [stored(13, 2, 1, 3, 3), stored(12, 1, 2, 2, 2), stored(11, 1, 1, 1, 1)];
const CCS: ConnectorValues = { typo: 'ccs2', position: 4, power_kWh: 60, cable_length: 5, custom_fee: 12.5 };

const numbers = (connectors: readonly ConnectorDraft[]) =>
  connectors.map((c) => [c.id ?? 'new', c.evse_id, c.connector_id, c.ocpp_16_id ?? '-']);

describe('module cards', () => {
  it('group the connectors by evse_id, each module sorted by connector_id, with the module number', () => {
    const modules = groupModules(STATION);
    expect(modules.map((module) => [module.evse_id, module.evse, module.connectors.map((c) => c.id)])).toEqual([
      [1, 'A-1', [11, 12]],
      [2, null, [13]],
    ]);
  });

  it('take a stored connector without the names of its type and position', () => {
    const answer: Connector = {
      ...stored(1, 1, 1, 1, 1),
      evse: null,
      ocpp_16_id: 1,
      typo_name: 'Type 2',
      position_name: 'Left',
    } as Connector;
    expect(draftOf(answer)).not.toHaveProperty('typo_name');
    expect(draftOf(answer)).not.toHaveProperty('position_name');
  });

  it('add a connector at the end of its module as a new one, without an ocpp_16_id', () => {
    const modules = saveConnector(groupModules(STATION), 1, CCS);
    const added = modules[0]!.connectors[2]!;
    expect(added).toMatchObject({ ...CCS, evse_id: 1, evse: 'A-1', connector_id: 3 });
    expect(isNewConnector(added)).toBe(true);
    // It holds its place: the stored connector after it shows the number the server will give it.
    expect(numbers(flatten(modules))).toEqual([
      [11, 1, 1, 1],
      [12, 1, 2, 2],
      ['new', 1, 3, '-'],
      [13, 2, 1, 4],
    ]);
  });

  it('edit a connector by its connector_id and keep it a stored one', () => {
    const modules = saveConnector(groupModules(STATION), 1, CCS, 2);
    expect(modules[0]!.connectors[1]).toMatchObject({ id: 12, ocpp_16_id: 2, ...CCS });
    expect(isNewConnector(modules[0]!.connectors[1]!)).toBe(false);
  });

  it('renumber after a removal: EVSE ids 1..n, connector ids 1..n per module, ocpp ids 1..n across the station', () => {
    let modules = removeConnector(groupModules(STATION), 1, 1);
    expect(numbers(flatten(modules))).toEqual([
      [12, 1, 1, 1],
      [13, 2, 1, 2],
    ]);
    modules = removeConnector(modules, 1, 1);
    expect(modules[0]!.connectors).toEqual([]);
    modules = removeModule(modules, 1);
    expect(numbers(flatten(modules))).toEqual([[13, 1, 1, 1]]);
  });

  it('add an empty module after the last, and give a module label to all its connectors', () => {
    let modules = addModule(groupModules(STATION));
    expect(modules.map((module) => [module.evse_id, module.connectors.length])).toEqual([
      [1, 2],
      [2, 1],
      [3, 0],
    ]);
    modules = setModuleLabel(modules, 2, ' B-7 ');
    expect(modules[1]!.connectors.map((c) => c.evse)).toEqual(['B-7']);
    expect(setModuleLabel(modules, 2, '  ')[1]!.evse).toBeNull();
  });
});

describe('connector rules', () => {
  it('flag each position that two connectors of the station share', () => {
    const modules = setPosition(groupModules(STATION), 2, 1, 2);
    expect([...sharedPositions(flatten(modules))]).toEqual([2]);
    expect(sharedPositions(STATION).size).toBe(0);
  });

  it('turn an empty cable length into null', () => {
    expect(cableLengthOf('')).toBeNull();
    expect(cableLengthOf('  ')).toBeNull();
    expect(cableLengthOf(undefined)).toBeNull();
    expect(cableLengthOf('15')).toBe(15);
    expect(cableLengthOf(7)).toBe(7);
  });

  it('create a station with its connectors numbered and without ids', () => {
    const modules = saveConnector(saveConnector(addModule([]), 1, CCS), 1, { ...CCS, position: 5 });
    expect(connectorBodies(modules)).toEqual([
      { evse_id: 1, evse: null, connector_id: 1, ...CCS },
      { evse_id: 1, evse: null, connector_id: 2, ...CCS, position: 5 },
    ]);
  });
});

describe('connectors change of an edit', () => {
  it('is nothing while the connectors are as stored, even regrouped', () => {
    expect(connectorsChange(STATION, groupModules(STATION))).toBeNull();
  });

  it('sends every connector left, stored ones with their id, and the ids removed', () => {
    const modules = saveConnector(removeConnector(groupModules(STATION), 1, 1), 2, CCS);
    expect(connectorsChange(STATION, modules)).toEqual({
      connectors: [
        {
          id: 12,
          evse_id: 1,
          evse: 'A-1',
          connector_id: 1,
          typo: 'type2',
          position: 2,
          power_kWh: 22,
          cable_length: null,
          custom_fee: null,
        },
        {
          id: 13,
          evse_id: 2,
          evse: null,
          connector_id: 1,
          typo: 'type2',
          position: 3,
          power_kWh: 22,
          cable_length: null,
          custom_fee: null,
        },
        { evse_id: 2, evse: null, connector_id: 2, ...CCS },
      ],
      deleted_conns_ids: [11],
    });
  });

  it('is sent when one connector was edited', () => {
    const change = connectorsChange(STATION, setPosition(groupModules(STATION), 2, 1, 6));
    expect(change?.deleted_conns_ids).toEqual([]);
    expect(change?.connectors.find((c) => c.id === 13)?.position).toBe(6);
  });
});
