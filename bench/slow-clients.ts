/**
 * Clients too slow to be anyone's against the real server (main.ts, the embedded database, default
 * settings): BODIES sockets send the sign-in with `Content-Length: 100000` and then its body a
 * byte a second; HEADERS sockets send their headers a byte a second (slowloris); SILENT sockets
 * connect and send nothing; KEPT sockets make one request and then idle on the kept-alive
 * connection. Prints for each kind how many the server closed, when (min, median, max seconds
 * after the first byte) and how many were still open when the run ended (LIMIT_SECONDS, or
 * once all were closed), with the health endpoint's latency meanwhile.
 * Run: npm run bench:slow-clients  (SERVER_ROOT: the tree whose server to start)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort, startServerProcess } from '../apps/server/src/test/server-process.ts';

const KINDS = {
  body: Number(process.env.BODIES ?? 200),
  headers: Number(process.env.HEADERS ?? 50),
  silent: Number(process.env.SILENT ?? 50),
  kept: Number(process.env.KEPT ?? 50),
};
const LIMIT_SECONDS = Number(process.env.LIMIT_SECONDS ?? 180);

interface Slow {
  kind: keyof typeof KINDS;
  socket: net.Socket;
  opened: number;
  closed?: number;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcms-bench-slow-'));
const port = await freePort();
const server = await startServerProcess(
  {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'error',
  },
  process.env.SERVER_ROOT ? path.resolve(process.env.SERVER_ROOT) : undefined,
);
const sockets: Slow[] = [];
try {
  const open = (kind: Slow['kind'], first: string) =>
    new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        const slow: Slow = { kind, socket, opened: performance.now() };
        sockets.push(slow);
        socket.on('close', () => (slow.closed = performance.now()));
        if (first) socket.write(first);
        resolve();
      });
      socket.on('error', () => undefined);
      socket.resume();
    });
  for (let i = 0; i < KINDS.body; i += 1) {
    await open(
      'body',
      'POST /api/v1/accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
    );
  }
  for (let i = 0; i < KINDS.headers; i += 1)
    await open('headers', 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  for (let i = 0; i < KINDS.silent; i += 1) await open('silent', '');
  for (let i = 0; i < KINDS.kept; i += 1) await open('kept', 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');

  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  while (performance.now() - started < LIMIT_SECONDS * 1000 && sockets.some((slow) => slow.closed === undefined)) {
    for (const slow of sockets)
      if (slow.closed === undefined && (slow.kind === 'body' || slow.kind === 'headers'))
        slow.socket.write(slow.kind === 'body' ? ' ' : 'a');
    const asked = performance.now();
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) latencies.push(performance.now() - asked);
    else failures += 1;
    await delay(Math.max(0, 1_000 - (performance.now() - asked)));
  }
  const ran = (performance.now() - started) / 1000;

  const seconds = (values: number[], p: number) =>
    ([...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]! / 1000).toFixed(1);
  console.log(
    `ran ${ran.toFixed(0)} s (limit ${LIMIT_SECONDS} s); server process ${server.child.exitCode === null ? 'alive' : `exited (${server.child.exitCode})`}`,
  );
  for (const kind of Object.keys(KINDS) as Slow['kind'][]) {
    const ofKind = sockets.filter((slow) => slow.kind === kind);
    const closed = ofKind.filter((slow) => slow.closed !== undefined).map((slow) => slow.closed! - slow.opened);
    const times = closed.length
      ? `, closed after min ${seconds(closed, 0)} s, median ${seconds(closed, 0.5)} s, max ${seconds(closed, 1)} s`
      : '';
    console.log(
      `${kind.padEnd(7)} ${ofKind.length} sockets: ${closed.length} closed by the server${times}; ${ofKind.length - closed.length} still open`,
    );
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `health meanwhile (once a second): ${latencies.length} answered, ${failures} not; p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
  );
} finally {
  for (const slow of sockets) slow.socket.destroy();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
