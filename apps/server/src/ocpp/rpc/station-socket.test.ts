import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { ocpp16Validator } from '../ocpp-schemas.ts';
import { CallTimeout, OcppError } from './rpc-errors.ts';
import { StationSocket, type StationSocketOptions } from './station-socket.ts';

/*
 * The OCPP-J layer over a real WebSocket on 127.0.0.1: the test plays the charge point with a
 * plain `ws` client and reads every frame the central system's side sends.
 */

interface Pair {
  socket: StationSocket;
  station: WebSocket;
  /** Frames the station received, parsed. */
  received: unknown[][];
  /** The next frame the station received and the test has not read. */
  next(): Promise<unknown[]>;
  events: { unreadable: Error[]; schemaFailures: [string, boolean][]; alive: number; closed: number[] };
}

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function connect(options: Partial<StationSocketOptions> = {}, clientOptions: { autoPong?: boolean } = {}): Promise<Pair> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  servers.push(server);
  await once(server, 'listening');
  const events: Pair['events'] = { unreadable: [], schemaFailures: [], alive: 0, closed: [] };
  const accepted = once(server, 'connection') as Promise<[WebSocket]>;
  const station = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, clientOptions);
  const received: unknown[][] = [];
  const unread: unknown[][] = [];
  const waiting: ((frame: unknown[]) => void)[] = [];
  station.on('message', (data) => {
    const frame = JSON.parse(String(data)) as unknown[];
    received.push(frame);
    const reader = waiting.shift();
    if (reader) reader(frame);
    else unread.push(frame);
  });
  const [ws] = await accepted;
  await once(station, 'open');
  const socket = new StationSocket(ws, {
    validator: ocpp16Validator,
    actions: new Set(['Heartbeat', 'BootNotification']),
    handle: async (action) => (action === 'Heartbeat' ? { currentTime: '2026-11-25T10:00:00.000Z' } : { status: 'Accepted', currentTime: 'now', interval: 60 }),
    onFrame: () => {},
    onUnreadable: (error) => events.unreadable.push(error),
    onSchemaFailure: (action, outbound) => events.schemaFailures.push([action, outbound]),
    onAlive: () => (events.alive += 1),
    onClose: (code) => events.closed.push(code),
    pingIntervalMs: 0,
    ...options,
  });
  return { socket, station, received, events, next: () => new Promise((resolve) => (unread.length ? resolve(unread.shift()!) : waiting.push(resolve))) };
}

const boot = { chargePointVendor: 'Alfen', chargePointModel: 'Eve' };

describe("a station's calls", () => {
  it('are answered by the handler, in the schema, or refused with the code OCPP 1.6J names', async () => {
    const { station, next } = await connect();
    station.send(JSON.stringify([2, 'a', 'Heartbeat', {}]));
    expect(await next()).toEqual([3, 'a', { currentTime: '2026-11-25T10:00:00.000Z' }]);
    station.send(JSON.stringify([2, 'b', 'Teleport', {}]));
    expect(await next()).toEqual([4, 'b', 'NotImplemented', "Unable to handle 'Teleport' calls", {}]);
    station.send(JSON.stringify([2, 'c', 'BootNotification', { ...boot, chargePointModel: 'x'.repeat(21) }]));
    expect((await next()).slice(0, 3)).toEqual([4, 'c', 'FormationViolation']);
    station.send(JSON.stringify([2, 'd', 'BootNotification', { chargePointVendor: 'Alfen' }]));
    expect((await next()).slice(0, 3)).toEqual([4, 'd', 'OccurrenceConstraintViolation']);
    // The handler's answer breaks BootNotification.conf (currentTime is no date-time): our failure, not the station's.
    station.send(JSON.stringify([2, 'e', 'BootNotification', boot]));
    expect(await next()).toEqual([4, 'e', 'InternalError', '', {}]);
  });

  it('answer a handler that fails with its code, and one that fails otherwise as a GenericError', async () => {
    const { station, next } = await connect({
      handle: (action) => Promise.reject(action === 'Heartbeat' ? new OcppError('PropertyConstraintViolation', 'no', { field: 'x' }) : new Error('boom')),
    });
    station.send(JSON.stringify([2, 'a', 'Heartbeat', {}]));
    expect(await next()).toEqual([4, 'a', 'PropertyConstraintViolation', 'no', { field: 'x' }]);
    station.send(JSON.stringify([2, 'b', 'BootNotification', boot]));
    expect(await next()).toEqual([4, 'b', 'GenericError', 'boom', {}]);
  });

  it('refuses a second call with the id of one still being answered, and answers the first', async () => {
    let release!: () => void;
    const { station, next } = await connect({
      handle: () => new Promise((resolve) => (release = () => resolve({ currentTime: '2026-11-25T10:00:00.000Z' }))),
    });
    station.send(JSON.stringify([2, 'same', 'Heartbeat', {}]));
    station.send(JSON.stringify([2, 'same', 'Heartbeat', {}]));
    expect(await next()).toEqual([4, 'same', 'RpcFrameworkError', 'Already processing a call with message ID: same', {}]);
    release();
    expect(await next()).toEqual([3, 'same', { currentTime: '2026-11-25T10:00:00.000Z' }]);
  });
});

describe('frames that are not OCPP-J', () => {
  it('are answered with a CALLERROR when they could be calls, and the connection carries on', async () => {
    const { station, next, events } = await connect();
    station.send('this is not json');
    expect(await next()).toEqual([4, '-1', 'RpcFrameworkError', 'Message must be a JSON structure', {}]);
    station.send('{"a":1}');
    expect(await next()).toEqual([4, '-1', 'RpcFrameworkError', 'Message must be an array', {}]);
    station.send('[7, "x"]');
    expect(await next()).toEqual([4, '-1', 'MessageTypeNotSupported', 'Unrecognised message type', {}]);
    station.send('[2, "m", 5, {}]');
    expect(await next()).toEqual([4, 'm', 'RpcFrameworkError', 'Method must be a string', {}]);
    // Answers to nothing asked, and empty frames, get no answer at all.
    station.send('[3, "nobody-asked", {}]');
    station.send('[4, "nobody-asked", "GenericError", "", {}]');
    station.send('');
    station.send(JSON.stringify([2, 'h', 'Heartbeat', {}]));
    expect((await next()).slice(0, 2)).toEqual([3, 'h']);
    expect(events.unreadable).toHaveLength(6);
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
    // The validator's own spelling: the error is the audit's, never sent.
    await expect(second).rejects.toMatchObject({ rpcErrorCode: 'FormatViolation' });
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
    await expect(socket.call('Reset', { type: 'Gentle' }, 5_000)).rejects.toMatchObject({ rpcErrorCode: 'FormatViolation' });
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
