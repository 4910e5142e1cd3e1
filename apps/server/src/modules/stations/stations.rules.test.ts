import { connectorRequest, type ConnectorRequest } from '@evcms/contracts/station-connectors';
import { describe, expect, it } from 'vitest';
import { canDelete, mediaProblems, numberConnectors, planConnectors, type StoredConnector } from './stations.rules.ts';

const numbers = (connectors: { evseId: number; connectorId: number; ocpp16Id: number }[]) =>
  connectors.map((c) => [c.evseId, c.connectorId, c.ocpp16Id]);

function stored(id: number, evseId: number, connectorId: number, ocpp16Id: number, position: number): StoredConnector {
  return {
    id,
    evseId,
    connectorId,
    ocpp16Id,
    position,
    evse: null,
    typo: 'type2',
    powerW: 22_000,
    cableLength: null,
    customFeeTyiyn: null,
  };
}

const change = (request: Partial<ConnectorRequest> & { evse_id: number }) =>
  connectorRequest.parse({ typo: 'ccs2', power_kWh: 50, ...request });

describe('numbering connectors', () => {
  it('numbers modules 1..n, connectors 1..n per module and ocpp ids 1..n across the station', () => {
    const result = numberConnectors([
      { name: 'b1', evseId: 5, connectorId: 2 },
      { name: 'a2', evseId: 2, connectorId: 7 },
      { name: 'b0', evseId: 5, connectorId: 1 },
      { name: 'a1', evseId: 2, connectorId: 3 },
      { name: 'b-new', evseId: 5, connectorId: null },
    ]);
    expect(result.map((c) => c.name)).toEqual(['a1', 'a2', 'b0', 'b1', 'b-new']);
    expect(numbers(result)).toEqual([
      [1, 1, 1],
      [1, 2, 2],
      [2, 1, 3],
      [2, 2, 4],
      [2, 3, 5],
    ]);
  });

  it('keeps the list order where the numbers tie', () => {
    const result = numberConnectors([
      { name: 'first', evseId: 1, connectorId: 1 },
      { name: 'second', evseId: 1, connectorId: 1 },
    ]);
    expect(result.map((c) => [c.name, c.connectorId])).toEqual([
      ['first', 1],
      ['second', 2],
    ]);
  });
});

describe('planning a connectors change', () => {
  // Module 1: connectors 10, 11; module 2: connector 12.
  const current = [stored(10, 1, 1, 1, 1), stored(11, 1, 2, 2, 2), stored(12, 2, 1, 3, 3)];

  it('renumbers after a removal: the emptied module goes and the rest close up', () => {
    const result = planConnectors(current, [], [10, 11]);
    expect('plan' in result && result.plan.deletedIds).toEqual([10, 11]);
    expect('plan' in result && result.plan.connectors.map((c) => [c.id, c.evseId, c.connectorId, c.ocpp16Id])).toEqual([
      [12, 1, 1, 1],
    ]);
  });

  it('updates a connector by id, adds one without, and numbers the new one last in its module', () => {
    const result = planConnectors(
      current,
      [change({ id: 11, evse_id: 1, connector_id: 2, position: 5 }), change({ evse_id: 1, position: 6 })],
      [10],
    );
    if (!('plan' in result)) throw new Error(JSON.stringify(result));
    expect(result.plan.connectors.map((c) => [c.id, c.evseId, c.connectorId, c.ocpp16Id, c.position, c.typo])).toEqual([
      [11, 1, 1, 1, 5, 'ccs2'],
      [undefined, 1, 2, 2, 6, 'ccs2'],
      [12, 2, 1, 3, 3, 'type2'],
    ]);
  });

  it('refuses ids that are not the station connectors, or are both changed and deleted', () => {
    expect(planConnectors(current, [change({ id: 99, evse_id: 1 })], [98])).toEqual({
      problems: { deleted_conns_ids: ['invalid_choice'], 'connectors.0.id': ['invalid_choice'] },
    });
    expect(planConnectors(current, [change({ id: 10, evse_id: 1, position: 4 })], [10])).toEqual({
      problems: { 'connectors.0.id': ['invalid_choice'] },
    });
  });

  it('refuses a station left without connectors, and two connectors in one position', () => {
    expect(planConnectors(current, [], [10, 11, 12])).toEqual({ problems: { connectors: ['connectors_required'] } });
    expect(planConnectors(current, [change({ evse_id: 3, position: 2 })], [])).toEqual({
      problems: { connectors: ['connector_position_duplicate'] },
    });
    // Moving connector 11 off position 2 frees it for the new one.
    expect(
      'plan' in
        planConnectors(current, [change({ id: 11, evse_id: 1, position: 7 }), change({ evse_id: 3, position: 2 })], []),
    ).toBe(true);
  });
});

describe('media', () => {
  const current = [
    { id: 1, kind: 'photo' as const },
    { id: 2, kind: 'video' as const },
  ];

  it('needs at least one photo and at most 10 files', () => {
    expect(mediaProblems({ current: [], deletedIds: [], added: ['video'] })).toEqual({
      media_files: ['photo_required'],
    });
    expect(mediaProblems({ current, deletedIds: [1], added: [] })).toEqual({ media_files: ['photo_required'] });
    expect(mediaProblems({ current, deletedIds: [1], added: ['photo'] })).toEqual({});
    expect(mediaProblems({ current, deletedIds: [], added: Array(8).fill('photo') })).toEqual({});
    expect(mediaProblems({ current, deletedIds: [], added: Array(9).fill('photo') })).toEqual({
      media_files: ['media_files_max'],
    });
  });

  it('deletes only the station own files', () => {
    expect(mediaProblems({ current, deletedIds: [3], added: [] })).toEqual({ deleted_media_ids: ['invalid_choice'] });
  });
});

describe('deletion', () => {
  it('allows deleting an inactive station only', () => {
    expect(canDelete({ status: 1 })).toBe(true);
    expect(canDelete({ status: 0 })).toBe(false);
  });
});
