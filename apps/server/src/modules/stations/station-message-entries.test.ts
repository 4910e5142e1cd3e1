import { describe, expect, it } from 'vitest';
import { frameEntryParts, payloadEntry, readEntries, readEntry } from './station-message-entries.ts';

/* The stored form of a logged OCPP frame, written without parsing it and read back as the log's page shows it. */

const at = new Date('2026-11-24T10:00:00.123Z');

describe('a logged frame', () => {
  it('keeps the frame as it came and reads each kind payload out of it', () => {
    const stored = `[${[
      frameEntryParts(
        { at, direction: 'in', kind: 'call', idLiteral: '"7"', actionLiteral: '"Heartbeat"' },
        '[2, "7", "Heartbeat", {}]',
      ).join(''),
      frameEntryParts(
        { at, direction: 'out', kind: 'result', idLiteral: '"7"', actionLiteral: '"Heartbeat"' },
        '[3,"7",{"currentTime":"x"}]',
      ).join(''),
      frameEntryParts(
        { at, direction: 'out', kind: 'error', idLiteral: '"8"', actionLiteral: null },
        '[4,"8","NotImplemented","no",{}]',
      ).join(''),
      payloadEntry(
        { at, direction: 'in', kind: 'error', idLiteral: '"-1"', actionLiteral: null },
        { unreadable: 'not json "at all"' },
      ),
    ].join(',')}]`;
    expect(readEntries(stored, 4, at).map(readEntry)).toEqual([
      { at, direction: 'in', kind: 'call', messageId: '7', action: 'Heartbeat', payload: {} },
      { at, direction: 'out', kind: 'result', messageId: '7', action: 'Heartbeat', payload: { currentTime: 'x' } },
      {
        at,
        direction: 'out',
        kind: 'error',
        messageId: '8',
        action: null,
        payload: { code: 'NotImplemented', description: 'no', details: {} },
      },
      {
        at,
        direction: 'in',
        kind: 'error',
        messageId: '-1',
        action: null,
        payload: { unreadable: 'not json "at all"' },
      },
    ]);
  });

  it('reads the frames logged before, moved by migration 0016 with their payload and PostgreSQL time', () => {
    const [entry] = readEntries(
      '[{"at" : "2026-11-24T10:00:00.123456+00:00", "dir" : "in", "kind" : "call", "id" : "m1", "action" : "Heartbeat", "payload" : {}}]',
      1,
      at,
    );
    expect(readEntry(entry!)).toEqual({
      at,
      direction: 'in',
      kind: 'call',
      messageId: 'm1',
      action: 'Heartbeat',
      payload: {},
    });
  });

  it('shows a stored row that is not JSON as its entries, the first with its start, rather than failing', () => {
    const entries = readEntries('[{"at":"x","frame":[2, "cut"', 2, at).map(readEntry);
    expect(entries).toEqual([
      {
        at,
        direction: 'in',
        kind: 'error',
        messageId: '-1',
        action: null,
        payload: { unreadable: '[{"at":"x","frame":[2, "cut"' },
      },
      { at, direction: 'in', kind: 'error', messageId: '-1', action: null, payload: { unreadable: '' } },
    ]);
  });
});
