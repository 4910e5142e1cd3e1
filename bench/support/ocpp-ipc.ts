/**
 * The OCPP bench's child processes (the server under test, the load generators) and the requests
 * it sends them over Node's IPC channel: each names a command and gets one answer. Children run
 * TypeScript through tsx on the bench's own Node binary (so a bench started with Node 24 runs
 * every process on it), and exit when the bench goes away.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The open-file limits of this process (sockets count): children needing more start through `ulimit -n`. */
export function openFilesLimits(): { soft: number; hard: number } {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((row) => row.startsWith('Max open files'));
  const [soft, hard] = (line?.split(/\s{2,}/) ?? [])
    .slice(1, 3)
    .map((value) => (value === 'unlimited' ? Infinity : Number(value)));
  return { soft: soft ?? Infinity, hard: hard ?? Infinity };
}

export interface Child {
  request<T>(command: string, args?: unknown): Promise<T>;
  /** What the child said when it was ready. */
  ready: Record<string, unknown>;
  process: ChildProcess;
  exited: Promise<number | null>;
}

interface Options {
  env?: NodeJS.ProcessEnv;
  /** Node flags before the script (--expose-gc, --cpu-prof...). */
  nodeFlags?: string[];
  /** File descriptors the child needs; raised with `ulimit -n` when above this process's limit. */
  openFiles?: number;
  /** Where the child's stdout goes (a file descriptor), or inherited. */
  stdout?: number;
  /** Where its stderr goes (a file descriptor), or inherited. */
  stderr?: number;
}

/** Starts `script` (a .ts file) and waits for its `{ ready }` message. */
export async function startChild(script: string, options: Options = {}): Promise<Child> {
  const node = [process.execPath, '--conditions=source', '--import', 'tsx', ...(options.nodeFlags ?? []), script];
  const raise = options.openFiles !== undefined && options.openFiles > openFilesLimits().soft;
  // A shell raises the limit (as far as the hard limit allows) and execs node, which keeps the IPC descriptor.
  const ulimit = `ulimit -n ${options.openFiles} 2>/dev/null || ulimit -n "$(ulimit -Hn)"`;
  const [command, ...args] = raise ? ['/bin/sh', '-c', `${ulimit}; exec "$@"`, 'sh', ...node] : node;
  const child = spawn(command!, args, {
    stdio: ['ignore', options.stdout ?? 'inherit', options.stderr ?? 'inherit', 'ipc'],
    env: { ...process.env, ...options.env },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const waiting = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  let ready: (message: Record<string, unknown>) => void;
  const started = new Promise<Record<string, unknown>>((resolve) => (ready = resolve));
  child.on('message', (message: { ready?: boolean; id?: number; result?: unknown; error?: string }) => {
    if (message.ready) return ready(message);
    const request = waiting.get(message.id!);
    waiting.delete(message.id!);
    if (message.error !== undefined) request?.reject(new Error(message.error));
    else request?.resolve(message.result as never);
  });
  void exited.then((code) => {
    for (const request of waiting.values()) request.reject(new Error(`${script} exited with ${code}`));
  });
  let next = 0;
  const request = <T>(command: string, args?: unknown) =>
    new Promise<T>((resolve, reject) => {
      const id = (next += 1);
      waiting.set(id, { resolve, reject });
      // A child that has gone away: the request fails (without the callback, the child process emits an uncaught 'error').
      child.send({ id, command, args }, (error) => {
        if (!error) return;
        waiting.delete(id);
        reject(error);
      });
    });
  const info = await Promise.race([
    started,
    exited.then((code) => Promise.reject(new Error(`${script} exited with ${code} before it was ready`))),
  ]);
  return { request, ready: info, process: child, exited };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command types its own arguments
export type Handlers = Record<string, (args: any) => Promise<unknown>>;

/** In a child: answers the bench's requests, says it is ready, and exits when the bench goes away. */
export function serveRequests(handlers: Handlers, ready: Record<string, unknown> = {}): void {
  process.on('message', ({ id, command, args }: { id: number; command: string; args: unknown }) => {
    const handler = handlers[command];
    Promise.resolve()
      .then(() => (handler ? handler(args) : Promise.reject(new Error(`unknown command ${command}`))))
      .then(
        (result) => process.send!({ id, result }),
        (error: unknown) =>
          process.send!({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
      );
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ ready: true, ...ready });
}
