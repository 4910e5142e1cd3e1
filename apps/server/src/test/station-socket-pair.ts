import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { OCPP16_ACTIONS, ocpp16Validator } from '../ocpp/ocpp-schemas.ts';
import { StationSocket, type StationSocketOptions } from '../ocpp/rpc/station-socket.ts';

/*
 * The OCPP-J layer (ocpp/rpc/) over a real WebSocket on 127.0.0.1, for its tests: the test plays
 * the charge point with a plain `ws` client and reads every frame the central system's side sends.
 */

export interface Pair {
  socket: StationSocket;
  station: WebSocket;
  /** Frames the station received, parsed. */
  received: unknown[][];
  /** The next frame the station received and the test has not read. */
  next(): Promise<unknown[]>;
  events: {
    unreadable: Error[];
    schemaFailures: [string, boolean][];
    faults: [unknown, string | undefined][];
    alive: number;
    closed: number[];
  };
}

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A StationSocket answering Heartbeat and BootNotification (unless `options` say otherwise), and its station. */
export async function connectPair(
  options: Partial<StationSocketOptions> = {},
  clientOptions: { autoPong?: boolean } = {},
): Promise<Pair> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  servers.push(server);
  await once(server, 'listening');
  const events: Pair['events'] = { unreadable: [], schemaFailures: [], faults: [], alive: 0, closed: [] };
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
    known: OCPP16_ACTIONS,
    handle: async (action) =>
      action === 'Heartbeat'
        ? { currentTime: '2026-11-25T10:00:00.000Z' }
        : { status: 'Accepted', currentTime: 'now', interval: 60 },
    onFrame: () => {},
    onUnreadable: (error) => events.unreadable.push(error),
    onSchemaFailure: (action, outbound) => events.schemaFailures.push([action, outbound]),
    onFault: (error, action) => events.faults.push([error, action]),
    onAlive: () => (events.alive += 1),
    onClose: (code) => events.closed.push(code),
    pingIntervalMs: 0,
    ...options,
  });
  return {
    socket,
    station,
    received,
    events,
    next: () => new Promise((resolve) => (unread.length ? resolve(unread.shift()!) : waiting.push(resolve))),
  };
}
