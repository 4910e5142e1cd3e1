import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/*
 * The real server entry (`main.ts`) in a process of its own, for tests that need a second process
 * on the database or watch what happens to the process itself.
 */

const root = path.resolve(import.meta.dirname, '../../../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then waits for it to exit (at once if it already has). */
  stop(): Promise<void>;
}

/** Starts `main.ts` of the tree at `tree` (this one unless told) with `env` over this process's environment; ready once it says where it listens. */
export async function startServerProcess(env: NodeJS.ProcessEnv, tree = root): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(tree, 'apps/server/src/main.ts')],
    {
      cwd: tree,
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const ready = () => output.includes('Back office:') && resolve();
    child.stdout!.on('data', ready);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
