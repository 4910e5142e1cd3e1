import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEml, resetLinkIn } from '../../apps/server/src/test/eml.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN = { email: 'admin@example.com', password: 'e2e-password-1', name: 'Administrator' };

export interface RunningServer {
  url: string;
  dataDir: string;
  log: () => string;
  /** The newest password-recovery link in the outbox, waiting for it to arrive. */
  resetLink(): Promise<string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerOptions {
  /**
   * Fills the embedded database in `dataDir` before the server opens it (PGlite serves one
   * process at a time): data that only the charge points write, such as charges.
   */
  seed?: (dataDir: string) => Promise<void>;
}

/** Starts the built server (apps/server/dist) on a free port with an empty embedded database, or one `seed` filled. */
export async function startServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcms-e2e-'));
  try {
    await options.seed?.(dataDir);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/bundle/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test run that is killed must not leave its server behind.
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild);
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  // Creating and migrating the embedded database takes seconds alone, and over a minute on a
  // machine with a dozen processes runnable (seen at a load average of 11).
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    dataDir,
    log: () => output,
    async resetLink() {
      const outbox = path.join(dataDir, 'outbox');
      for (let i = 0; i < 100; i += 1) {
        const files = (await readdir(outbox).catch(() => [] as string[])).sort();
        const last = files.at(-1);
        if (last) {
          const link = resetLinkIn(readEml(await readFile(path.join(outbox, last), 'utf8')).text);
          if (link) return link;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('no recovery mail in the outbox');
    },
    async stop() {
      process.off('exit', killChild);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
