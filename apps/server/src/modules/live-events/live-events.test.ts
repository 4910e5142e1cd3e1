import type { LiveChange } from '@evcms/contracts/live-events';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aManager } from '../../test/builders.ts';
import { aConnectableStation, connectChargePoint, listenForChargePoints } from '../../test/charge-points.ts';
import { bearer, createTestApp, signIn, type TestContext } from '../../test/test-app.ts';

/* GET /api/v1/events/: a signed-in screen hears of a station going online, reporting a status and going offline. */

const ctx = {} as TestContext;
let endpoint: string;
let base: string;
let auth: Record<string, string>;
const clients: RPCClient[] = [];
const streams: AbortController[] = [];

beforeAll(async () => {
  Object.assign(ctx, await createTestApp());
  endpoint = await listenForChargePoints(ctx);
  base = endpoint.replace('ws://', 'http://').replace(/\/ocpp$/, '');
  const manager = await aManager(ctx.database);
  auth = bearer((await signIn(ctx.app, manager.email, manager.password)).access);
});
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.abort();
  await Promise.all(clients.splice(0).map((client) => client.close({ force: true })));
});
afterAll(() => ctx.close?.());

/** Opens the stream; `next(match)` resolves with the first change event that matches. */
async function listen() {
  const abort = new AbortController();
  streams.push(abort);
  const response = await fetch(`${base}/api/v1/events/`, { headers: auth, signal: abort.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const changes: LiveChange[] = [];
  const next = async (match: (change: LiveChange) => boolean): Promise<LiveChange> => {
    for (;;) {
      const found = changes.find(match);
      if (found) return found;
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffered += value;
      const events = buffered.split('\n\n');
      buffered = events.pop()!;
      for (const event of events) {
        const data = event.split('\n').find((line) => line.startsWith('data: '));
        if (event.includes('event: change') && data) changes.push(JSON.parse(data.slice(6)) as LiveChange);
      }
    }
  };
  return { next };
}

describe('the live events stream', () => {
  it('tells of a station going online, its status and its going offline', async () => {
    const { next } = await listen();
    const station = await aConnectableStation(ctx);
    const client = await connectChargePoint(endpoint, station.identity);
    clients.push(client);
    const online = await next((change) => change.stations.includes(station.id));
    expect(online).toEqual({ stations: [station.id], all_stations: false, charges: false });
    const card = await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${station.id}/`, headers: auth });
    expect(card.json<{ online: boolean }>().online).toBe(true);

    const after = (seen: LiveChange) => (change: LiveChange) => change !== seen && change.stations.includes(station.id);
    await client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing' });
    const status = await next(after(online));
    await client.close();
    await next(after(status));
    const offline = await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${station.id}/`, headers: auth });
    expect(offline.json<{ online: boolean }>().online).toBe(false);
  });

  it('needs a manager', async () => {
    const response = await fetch(`${base}/api/v1/events/`);
    expect(response.status).toBe(401);
  });
});
