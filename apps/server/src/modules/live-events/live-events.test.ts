import type { LiveChange } from '@evcms/contracts/live-events';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aManager } from '../../test/builders/accounts.ts';
import { aConnectableStation, connectChargePoint, listenForChargePoints } from '../../test/charge-points.ts';
import { bearer, createTestApp, signIn, type TestContext } from '../../test/test-app.ts';

/* GET /api/v1/events/: a signed-in screen hears `{ resource, ids }` of a station going online, reporting a status and going offline. */

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
async function listen(headers = auth) {
  const abort = new AbortController();
  streams.push(abort);
  const response = await fetch(`${base}/api/v1/events/`, { headers, signal: abort.signal });
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
  /** Resolves once the server has ended the stream. */
  const ended = async () => {
    while (!(await reader.read()).done);
  };
  return { next, ended };
}

describe('the live events stream', () => {
  it('tells of a station going online, its status and its going offline', async () => {
    const { next } = await listen();
    const station = await aConnectableStation(ctx);
    const client = await connectChargePoint(endpoint, station.identity);
    clients.push(client);
    const ofStation = (change: LiveChange) =>
      change.resource === 'stations' && change.ids?.includes(station.id) === true;
    const online = await next(ofStation);
    expect(online).toEqual({ resource: 'stations', ids: [station.id] });
    const card = await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${station.id}/`, headers: auth });
    expect(card.json<{ online: boolean }>().online).toBe(true);

    const after = (seen: LiveChange) => (change: LiveChange) => change !== seen && ofStation(change);
    await client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing' });
    const status = await next(after(online));
    // A connector's status moves its charge along: the charges changed too, which of them is not known here.
    expect(await next((change) => change.resource === 'charges')).toEqual({ resource: 'charges', ids: null });
    await client.close();
    await next(after(status));
    const offline = await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${station.id}/`, headers: auth });
    expect(offline.json<{ online: boolean }>().online).toBe(false);
  });

  it('ends with the session that opened it, at the next keep-alive', async () => {
    const manager = await aManager(ctx.database);
    const session = await signIn(ctx.app, manager.email, manager.password);
    // Only the keep-alive's interval is the test's to move; the sockets run on real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { ended } = await listen(bearer(session.access));
      const loggedOut = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/accounts/logout/',
        headers: bearer(session.access),
        payload: { refresh: session.refresh },
      });
      expect(loggedOut.statusCode).toBeLessThan(300);
      const end = ended();
      await vi.advanceTimersByTimeAsync(25_000);
      await end;
    } finally {
      vi.useRealTimers();
    }
  });

  it('needs a manager', async () => {
    const response = await fetch(`${base}/api/v1/events/`);
    expect(response.status).toBe(401);
  });
});
