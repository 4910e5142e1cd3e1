import { describe, expect, it, vi } from 'vitest';
import { connectPair as connect } from '../../test/station-socket-pair.ts';
import { CallTimeout, OcppError } from './rpc-errors.ts';

/*
 * The OCPP-J layer over a real WebSocket on 127.0.0.1: the test plays the charge point with a
 * plain `ws` client and reads every frame the central system's side sends (test/station-socket-pair.ts).
 * The code of each CALLERROR, row by row, is rpc-errors.test.ts's.
 */

const boot = { chargePointVendor: 'Alfen', chargePointModel: 'Eve' };

describe("a station's calls", () => {
  it('are answered by the handler, in the schema, or refused with the code OCPP 1.6J names', async () => {
    const { station, next } = await connect();
    station.send(JSON.stringify([2, 'a', 'Heartbeat', {}]));
    expect(await next()).toEqual([3, 'a', { currentTime: '2026-11-25T10:00:00.000Z' }]);
    station.send(JSON.stringify([2, 'b', 'Teleport', {}]));
    expect(await next()).toEqual([4, 'b', 'NotImplemented', "Unable to handle 'Teleport' calls", {}]);
    station.send(JSON.stringify([2, 'c', 'BootNotification', { ...boot, chargePointModel: 'x'.repeat(21) }]));
    expect(await next()).toEqual([
      4,
      'c',
      'PropertyConstraintViolation',
      'data/chargePointModel must NOT have more than 20 characters',
      { keyword: 'maxLength', path: '/chargePointModel' },
    ]);
    station.send(JSON.stringify([2, 'd', 'BootNotification', { chargePointVendor: 'Alfen' }]));
    expect((await next()).slice(0, 3)).toEqual([4, 'd', 'OccurenceConstraintViolation']);
    // The handler's answer breaks BootNotification.conf (currentTime is no date-time): our failure, not the station's.
    station.send(JSON.stringify([2, 'e', 'BootNotification', boot]));
    expect(await next()).toEqual([4, 'e', 'InternalError', '', {}]);
  });

  it('answer a handler that fails with its code, and one that fails otherwise as our InternalError, without its detail', async () => {
    const { station, next, events } = await connect({
      handle: (action) =>
        Promise.reject(
          action === 'Heartbeat'
            ? new OcppError('PropertyConstraintViolation', 'no', { field: 'x' })
            : new Error('boom'),
        ),
    });
    station.send(JSON.stringify([2, 'a', 'Heartbeat', {}]));
    expect(await next()).toEqual([4, 'a', 'PropertyConstraintViolation', 'no', { field: 'x' }]);
    station.send(JSON.stringify([2, 'b', 'BootNotification', boot]));
    expect(await next()).toEqual([4, 'b', 'InternalError', 'The central system could not handle the call', {}]);
    expect(events.faults).toEqual([[new Error('boom'), 'BootNotification']]);
  });

  it('refuses a second call with the id of one still being answered, and answers the first', async () => {
    let release!: () => void;
    const { station, next } = await connect({
      handle: () => new Promise((resolve) => (release = () => resolve({ currentTime: '2026-11-25T10:00:00.000Z' }))),
    });
    station.send(JSON.stringify([2, 'same', 'Heartbeat', {}]));
    station.send(JSON.stringify([2, 'same', 'Heartbeat', {}]));
    expect(await next()).toEqual([4, 'same', 'ProtocolError', 'Already processing a call with message ID: same', {}]);
    release();
    expect(await next()).toEqual([3, 'same', { currentTime: '2026-11-25T10:00:00.000Z' }]);
  });
});

describe('frames that are not OCPP-J', () => {
  it('are answered with a CALLERROR when they could be calls, and the connection carries on', async () => {
    const { station, next, events } = await connect();
    station.send('this is not json');
    expect(await next()).toEqual([4, '-1', 'FormationViolation', 'Message must be a JSON structure', {}]);
    station.send('{"a":1}');
    expect(await next()).toEqual([4, '-1', 'FormationViolation', 'Message must be an array', {}]);
    station.send('[7, "x"]');
    expect(await next()).toEqual([4, 'x', 'ProtocolError', 'Unrecognised message type', {}]);
    station.send('[7]');
    expect(await next()).toEqual([4, '-1', 'ProtocolError', 'Unrecognised message type', {}]);
    station.send('[2, "m", 5, {}]');
    expect(await next()).toEqual([4, 'm', 'FormationViolation', 'Method must be a string', {}]);
    // Answers to nothing asked, and empty frames, get no answer at all.
    station.send('[3, "nobody-asked", {}]');
    station.send('[4, "nobody-asked", "GenericError", "", {}]');
    station.send('');
    station.send(JSON.stringify([2, 'h', 'Heartbeat', {}]));
    expect((await next()).slice(0, 2)).toEqual([3, 'h']);
    expect(events.unreadable).toHaveLength(7);
  });
});

describe('calls to the station', () => {
  it('go one at a time and resolve with its answer, checked against the schema', async () => {
    const { socket, station, next, events } = await connect();
    const first = socket.call('Reset', { type: 'Soft' }, 5_000);
    const second = socket.call('UnlockConnector', { connectorId: 1 }, 5_000);
    const [, firstId, action] = await next();
    expect(action).toBe('Reset');
    station.send(JSON.stringify([3, firstId, { status: 'Accepted' }]));
    await expect(first).resolves.toEqual({ status: 'Accepted' });
    const [, secondId, secondAction] = await next();
    expect(secondAction).toBe('UnlockConnector');
    station.send(JSON.stringify([3, secondId, { status: 'Jammed' }]));
    // An answer outside the schema fails the call (the audit keeps its code), and is not answered.
    await expect(second).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' });
    expect(events.schemaFailures).toEqual([['UnlockConnector', false]]);
  });

  it('fail with the station’s CALLERROR code (GenericError for a code OCPP has not), or before sending when they break the schema', async () => {
    const { socket, station, next, received } = await connect();
    const refused = socket.call('Reset', { type: 'Soft' }, 5_000);
    station.send(JSON.stringify([4, (await next())[1], 'NotSupported', 'no resets', { why: 'firmware' }]));
    await expect(refused).rejects.toEqual(new OcppError('NotSupported', 'no resets', { why: 'firmware' }));
    const odd = socket.call('Reset', { type: 'Hard' }, 5_000);
    station.send(JSON.stringify([4, (await next())[1], 'Exploded', 'no', null]));
    await expect(odd).rejects.toMatchObject({ rpcErrorCode: 'GenericError', message: 'no' });
    await expect(socket.call('Reset', { type: 'Gentle' }, 5_000)).rejects.toMatchObject({
      rpcErrorCode: 'PropertyConstraintViolation',
    });
    expect(received).toHaveLength(2);
  });

  it('time out, and the next call goes out', async () => {
    const { socket, next } = await connect();
    await expect(socket.call('Reset', { type: 'Soft' }, 50)).rejects.toBeInstanceOf(CallTimeout);
    void socket.call('Reset', { type: 'Hard' }, 5_000).catch(() => {});
    expect((await next())[3]).toEqual({ type: 'Soft' });
    expect((await next())[3]).toEqual({ type: 'Hard' });
  });

  it('fail once the connection closes, and are refused after', async () => {
    const { socket, next, events } = await connect();
    const pending = socket.call('Reset', { type: 'Soft' }, 5_000);
    await next();
    await socket.close(1001, 'bye');
    await expect(pending).rejects.toThrow('Connection closing');
    await expect(socket.call('Reset', { type: 'Soft' }, 5_000)).rejects.toThrow('not open');
    expect(events.closed).toEqual([1001]);
    // Closing again is settled at once.
    await socket.close();
  });
});

describe('pings', () => {
  it('count an answered ping as a sign of life, and end a connection whose station stops answering', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const alive = await connect({ pingIntervalMs: 1_000 });
      const silent = await connect({ pingIntervalMs: 1_000 }, { autoPong: false });
      vi.advanceTimersByTime(1_000);
      await vi.waitFor(() => expect(alive.events.alive).toBeGreaterThan(0));
      vi.advanceTimersByTime(1_000);
      await vi.waitFor(() => expect(silent.events.closed).toEqual([1006]));
      expect(alive.events.closed).toEqual([]);
      expect(silent.events.alive).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a frame that could bring the server down', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('is refused before it is parsed when it nests too deep, answered with its id, and the connection carries on', async () => {
    const { station, next, events } = await connect({ actions: new Set(['Heartbeat', 'DataTransfer']) });
    station.send(`[2,"deep","Heartbeat",{"x":${nested(5_000)}}]`);
    expect(await next()).toEqual([4, 'deep', 'FormationViolation', 'Message nests deeper than 32 levels', {}]);
    station.send(`[2,"data","DataTransfer",{"vendorId":"v","data":${nested(5_000)}}]`);
    expect(await next()).toEqual([4, 'data', 'FormationViolation', 'Message nests deeper than 32 levels', {}]);
    // An answer that deep is dropped unanswered, as any answer to nothing asked.
    station.send(`[3,"answer",${nested(5_000)}]`);
    // 32 levels, the frame's own array counted, are read (and the schema refuses the field).
    station.send(`[2,"32","Heartbeat",{"x":${nested(30)}}]`);
    expect(await next()).toEqual([
      4,
      '32',
      'FormationViolation',
      'data must NOT have additional properties',
      { keyword: 'additionalProperties', path: '' },
    ]);
    station.send(JSON.stringify([2, 'h', 'Heartbeat', {}]));
    expect((await next()).slice(0, 2)).toEqual([3, 'h']);
    expect(events.unreadable.map((error) => error.message)).toEqual(
      Array(3).fill('Message nests deeper than 32 levels'),
    );
    expect(events.faults).toEqual([]);
  });

  it('is answered with a bounded description and details, whatever the error holds', async () => {
    const deep: Record<string, unknown> = {};
    let level = deep;
    for (let i = 0; i < 10_000; i += 1) level = level.x = {};
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const details: Record<string, object> = {
      Heartbeat: deep,
      BootNotification: cyclic,
      Authorize: { long: 'y'.repeat(2_000) },
    };
    const { station, next, events } = await connect({
      actions: new Set(Object.keys(details)),
      handle: (action) =>
        Promise.reject(new OcppError('GenericError', `${action} ${'x'.repeat(10_000)}`, details[action])),
    });
    station.send(JSON.stringify([2, 'a', 'Heartbeat', {}]));
    station.send(JSON.stringify([2, 'b', 'BootNotification', boot]));
    station.send(JSON.stringify([2, 'c', 'Authorize', { idTag: 'TAG' }]));
    for (const [id, action] of [
      ['a', 'Heartbeat'],
      ['b', 'BootNotification'],
      ['c', 'Authorize'],
    ]) {
      const [, answerId, code, description, sent] = await next();
      expect([answerId, code, sent]).toEqual([id, 'GenericError', {}]);
      expect(description).toBe(`${action} ${'x'.repeat(253 - action!.length)}…`);
    }
    expect(events.faults).toEqual([]);
  });

  it('cannot throw into the process: a failure of ours while reading or answering is reported, and the connection carries on', async () => {
    let inbound = 0;
    let outbound = 0;
    const { station, next, events } = await connect({
      onFrame: (_text, out) => {
        // The first frame read, and the first answer sent, fail to be logged.
        if (out ? outbound++ === 0 : inbound++ === 0)
          throw new Error(out ? 'log of an answer failed' : 'log of a call failed');
      },
    });
    station.send(JSON.stringify([2, 'a', 'Heartbeat', {}]));
    station.send(JSON.stringify([2, 'b', 'Heartbeat', {}]));
    // 'a' was dropped when its logging failed; 'b' was answered before the log of its answer failed.
    expect((await next()).slice(0, 2)).toEqual([3, 'b']);
    station.send(JSON.stringify([2, 'c', 'Heartbeat', {}]));
    expect((await next()).slice(0, 2)).toEqual([3, 'c']);
    expect(events.faults).toEqual([
      [new Error('log of a call failed'), undefined],
      [new Error('log of an answer failed'), undefined],
    ]);
  });
});
