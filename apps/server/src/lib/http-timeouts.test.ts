import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aManager } from '../test/builders/accounts.ts';
import { aConnectableStation, connectChargePoint } from '../test/charge-points.ts';
import { bearer, createTestApp, signIn, type TestContext } from '../test/test-app.ts';

/*
 * The HTTP server closes a connection that does not deliver its request in time (headers, a body
 * trickling in, an idle keep-alive), never one that is busy: a body sent at a pace, a charge
 * point's WebSocket, an events stream. The time-outs are set short here; their defaults are the
 * README's.
 */

const LONG_BODY = 100_000;

interface Probe {
  /** Milliseconds from the first byte sent to the server closing the socket; undefined while open. */
  closedAfter(): number | undefined;
  /** What the server wrote. */
  received(): string;
  write(text: string): void;
  destroy(): void;
}

const sockets: net.Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

function probe(port: number): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    let started = 0;
    let closed: number | undefined;
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => (closed = performance.now() - started));
    socket.once('connect', () => {
      started = performance.now();
      resolve({
        closedAfter: () => closed,
        received: () => received,
        write: (text) => void (socket.writable && socket.write(text)),
        destroy: () => socket.destroy(),
      });
    });
    socket.once('error', reject);
  });
}

/** Writes `text` into the probe every `everyMs` until it closes (or `stop` is called). */
function trickle(socket: Probe, text: string, everyMs: number) {
  const timer = setInterval(
    () => (socket.closedAfter() === undefined ? socket.write(text) : clearInterval(timer)),
    everyMs,
  );
  return () => clearInterval(timer);
}

/** A login whose body trickles in (`chunk` every 100 ms) until the server cuts it off; answers the probe once cut. */
async function cutOff(port: number, length: number, chunk: string): Promise<Probe> {
  const socket = await probe(port);
  socket.write(loginHead(length));
  const stop = trickle(socket, chunk, 100);
  await vi.waitFor(() => expect(socket.closedAfter()).toBeDefined(), { timeout: 20_000, interval: 100 });
  stop();
  return socket;
}

const loginHead = (length: number) =>
  `POST /api/v1/accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** The app listening on 127.0.0.1 with `env`; its port. */
function useListeningApp(env: NodeJS.ProcessEnv) {
  const ctx = {} as TestContext & { port: number };
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(env));
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ctx.port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close?.());
  return ctx;
}

describe('a client too slow to be anyone', () => {
  const ctx = useListeningApp({
    HTTP_HEADERS_TIMEOUT: '1',
    HTTP_BODY_TIMEOUT: '1',
    HTTP_KEEP_ALIVE_TIMEOUT: '1',
    HTTP_IDLE_TIMEOUT: '2',
  });

  it('is cut off when its body trickles in slower than the pace (HTTP_BODY_TIMEOUT, then 2 KB a second)', async () => {
    const socket = await cutOff(ctx.port, LONG_BODY, ' ');
    expect(socket.closedAfter()).toBeGreaterThanOrEqual(1_000);
  });

  it('is cut off when its headers never end (HTTP_HEADERS_TIMEOUT)', async () => {
    const socket = await probe(ctx.port);
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const stop = trickle(socket, 'a', 100);
    await vi.waitFor(() => expect(socket.closedAfter()).toBeDefined(), { timeout: 20_000, interval: 100 });
    stop();
  });

  it('is closed once idle between requests (HTTP_KEEP_ALIVE_TIMEOUT)', async () => {
    const socket = await probe(ctx.port);
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await vi.waitFor(() => expect(socket.received()).toMatch(/^HTTP\/1.1 200 /), { timeout: 10_000 });
    await vi.waitFor(() => expect(socket.closedAfter()).toBeDefined(), { timeout: 20_000, interval: 100 });
  });

  it('gets its answer when it sends a large body at a pace, for longer than HTTP_BODY_TIMEOUT', async () => {
    const body = `{"email":"nobody@example.com","password":"Not-this-one-1"${' '.repeat(200_000)}}`;
    const socket = await probe(ctx.port);
    socket.write(loginHead(Buffer.byteLength(body)));
    // 10 KB every 100 ms: 2 s in all, twice the body time-out, at fifty times the least pace.
    for (let at = 0; at < body.length; at += 10_000) {
      socket.write(body.slice(at, at + 10_000));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The login's own answer to a wrong password.
    await vi.waitFor(() => expect(socket.received()).toMatch(/^HTTP\/1.1 400 [^]*"detail"/), { timeout: 10_000 });
  });

  it('keeps a charge point connected past every limit', async () => {
    const station = await aConnectableStation(ctx);
    const client = await connectChargePoint(`ws://127.0.0.1:${ctx.port}/ocpp`, station.identity);
    try {
      // Longer than every limit, as the server counts: trickling logins cut off one after another.
      const started = performance.now();
      while (performance.now() - started < 3_000) await cutOff(ctx.port, LONG_BODY, ' ');
      expect(await client.call('Heartbeat', {})).toEqual({ currentTime: expect.any(String) });
    } finally {
      await client.close({ force: true });
    }
  });
});

describe('a request taking longer than HTTP_REQUEST_TIMEOUT', () => {
  const ctx = useListeningApp({ HTTP_REQUEST_TIMEOUT: '2', HTTP_HEADERS_TIMEOUT: '1' });

  it('is cut off while its body is still arriving, even at a pace', async () => {
    // Under the body limit (1 MB), at 40 KB a second: half a minute to send.
    const socket = await cutOff(ctx.port, 1_000_000, ' '.repeat(4_000));
    expect(socket.received()).toMatch(/^HTTP\/1.1 408 /);
  });

  it('never cuts an answer still being sent: an events stream hears of a change made after the limit', async () => {
    const manager = await aManager(ctx.database);
    const auth = bearer((await signIn(ctx.app, manager.email, manager.password)).access);
    const abort = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${ctx.port}/api/v1/events/`, { headers: auth, signal: abort.signal });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let heard = '';
    const reading = (async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) heard += chunk.value;
    })().catch(() => undefined);
    try {
      await cutOff(ctx.port, 1_000_000, ' '.repeat(4_000));
      const station = await aConnectableStation(ctx);
      const client = await connectChargePoint(`ws://127.0.0.1:${ctx.port}/ocpp`, station.identity);
      await vi.waitFor(() => expect(heard).toContain(`{"resource":"stations","ids":[${station.id}]}`), {
        timeout: 10_000,
      });
      await client.close({ force: true });
    } finally {
      abort.abort();
      await reading;
    }
  });
});
