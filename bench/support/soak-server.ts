/**
 * The soak bench's server under test, kept running as a process supervisor would: the real app in
 * a process of its own (ocpp-server.ts) on a fixed port, so the stations find a new process where
 * the old one was. A process that exits, killed by the bench or not, is recorded (code or signal,
 * the first error it wrote) and started again at once; each process is a generation whose memory
 * the bench follows on its own.
 */
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild, type Child } from './ocpp-ipc.ts';

export interface ServerExit {
  generation: number;
  at: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** kill: the bench's kill -9; stop: the bench's stop at the end; own: the process exited by itself. */
  cause: 'kill' | 'stop' | 'own';
  /** The first error line it wrote to stderr, if any. */
  error?: string;
}

export interface Generation {
  number: number;
  pid?: number;
  startedAt: number;
  readyAt?: number;
  logFile: string;
  exit?: ServerExit;
}

interface Options {
  port: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  nodeFlags: string[];
  openFiles: number;
  /** Once aborted (Ctrl+C), a process that exits is not started again. */
  halt: AbortSignal;
  onExit: (exit: ServerExit) => void;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const START_ATTEMPTS = 5;

export class ServerSupervisor {
  readonly generations: Generation[] = [];
  current?: Child;
  /** Set when the server could not be started again: the run cannot go on. */
  failure?: Error;
  private stopping = false;
  private killing = false;
  private starting?: Promise<void>;

  constructor(private readonly options: Options) {}

  /** Starts a server process (again), trying a few times: a server may fail to start while its database is being cut off. */
  start(): Promise<void> {
    this.starting ??= this.startTrying().finally(() => (this.starting = undefined));
    return this.starting;
  }

  /** Waits for a server process being started, if any. */
  async ready(): Promise<void> {
    await this.starting;
  }

  /** kill -9 of the running process; the supervisor starts the next. */
  kill(): number | undefined {
    if (!this.current) return undefined;
    this.killing = true;
    const pid = this.current.process.pid;
    this.current.process.kill('SIGKILL');
    return pid;
  }

  async request<T>(command: string, args?: unknown, timeoutMs = 15_000): Promise<T> {
    const server = this.current;
    if (!server) throw new Error('no server process');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>(
      (_resolve, reject) =>
        (timer = setTimeout(
          () => reject(new Error(`server ${command}: no answer in ${timeoutMs / 1000} s`)),
          timeoutMs,
        )),
    );
    try {
      return await Promise.race([server.request<T>(command, args), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes the server cleanly (app.close), or kills it when it does not close in time. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.starting?.catch(() => undefined);
    const server = this.current;
    // Gone already (Ctrl+C at a terminal reaches the children too).
    if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return;
    await this.request('stop', undefined, 30_000).catch(
      (error: unknown) => this.options.halt.aborted || console.error(`server stop: ${String(error)}`),
    );
    if (server.process.connected) server.process.disconnect();
    const timer = setTimeout(() => server.process.kill('SIGKILL'), 15_000);
    await server.exited;
    clearTimeout(timer);
  }

  private async startTrying(): Promise<void> {
    for (let attempt = 1; !this.stopping && !this.options.halt.aborted; attempt += 1) {
      try {
        return await this.spawn();
      } catch (error) {
        if (attempt >= START_ATTEMPTS) {
          this.failure = error instanceof Error ? error : new Error(String(error));
          throw this.failure;
        }
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    }
  }

  private async spawn(): Promise<void> {
    const number = this.generations.length + 1;
    const logFile = path.join(this.options.dataDir, `server-${number}.log`);
    const errFile = path.join(this.options.dataDir, `server-${number}.err`);
    const generation: Generation = { number, startedAt: Date.now(), logFile };
    this.generations.push(generation);
    const out = openSync(logFile, 'w');
    const err = openSync(errFile, 'w');
    try {
      const child = await startChild(path.join(here, 'ocpp-server.ts'), {
        nodeFlags: ['--expose-gc', ...this.options.nodeFlags],
        openFiles: this.options.openFiles,
        stdout: out,
        stderr: err,
        env: { ...this.options.env, BENCH_PORT: String(this.options.port) },
      });
      generation.readyAt = Date.now();
      generation.pid = child.process.pid;
      this.current = child;
      child.process.once('exit', (code, signal) => {
        const cause = this.killing ? 'kill' : this.stopping ? 'stop' : 'own';
        const exit: ServerExit = {
          generation: number,
          at: Date.now(),
          code,
          signal,
          cause,
          error: firstError(errFile),
        };
        generation.exit = exit;
        this.killing = false;
        if (this.current === child) this.current = undefined;
        this.options.onExit(exit);
        if (!this.stopping && !this.options.halt.aborted) this.start().catch(() => undefined);
      });
    } catch (error) {
      generation.exit = {
        generation: number,
        at: Date.now(),
        code: null,
        signal: null,
        cause: 'own',
        error: firstError(errFile) ?? String(error),
      };
      throw error;
    } finally {
      // The child holds its own copies of the descriptors.
      closeSync(out);
      closeSync(err);
    }
  }
}

/**
 * What says why a process died, from its stderr: the error's own line (`error: terminating
 * connection...`, not Node's `throw er; // Unhandled 'error' event`) and what emitted it
 * (`Emitted 'error' event on BoundPool instance`); else the last line.
 */
function firstError(file: string): string | undefined {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const message = lines.find((text) => /^[\w.]*error\b[^/]*:/i.test(text) && !text.startsWith('Emitted'));
  const emitter = lines.find((text) => text.startsWith("Emitted 'error' event"))?.replace(/ at:?$/, '');
  const said = [message, emitter].filter(Boolean).join('; ') || lines.at(-1);
  return said?.slice(0, 240);
}

/** Warnings and errors a server process logged (JSON lines at LOG_LEVEL): how many, and a few kinds. */
export function logWarnings(file: string): { count: number; kinds: string[] } {
  const warned = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level >= 40);
  return { count: warned.length, kinds: [...new Set(warned.map((line) => line.msg))].slice(0, 3) };
}
