import type { FastifyBaseLogger } from 'fastify';

/*
 * Messages between the server processes that share one database: a station's socket is held by
 * one process, and a command asked of another (or a change the screens of another should see)
 * has to reach it. On PostgreSQL this is LISTEN/NOTIFY (lib/postgres-bus.ts, loaded only there);
 * on the embedded database there is one process and the bus is this process's own. A message is
 * JSON of at most `BUS_MESSAGE_MAX` bytes (NOTIFY's limit is 8000): larger data goes through a
 * table, the message names its row.
 */

export const BUS_MESSAGE_MAX = 7_900;

export type BusListener = (message: unknown) => void;

export interface Bus {
  /** Whether other processes may be on it (PostgreSQL), or only this one. */
  shared: boolean;
  /** Delivered to every subscriber of `channel` in every process, this one included. */
  publish(channel: string, message: unknown): Promise<void>;
  /** Starts at once for messages published in this process, and for others' once `ready` settles. */
  subscribe(channel: string, listener: BusListener): () => void;
  /** Settles when every subscription so far listens across processes (or has failed to, and is being tried again). */
  ready(): Promise<void>;
  /**
   * Whether others' messages reach this process: at once while they do, else once they do again
   * within `withinMs` (false if not). Always true on the local bus.
   */
  listening(withinMs: number): Promise<boolean>;
  /**
   * `watcher` hears `false` when others' messages stop reaching this process (its listening
   * connection lost), `true` when they reach it again: what they published in between never arrives.
   */
  onListening(watcher: (listening: boolean) => void): () => void;
  close(): Promise<void>;
}

export function listenersOf(listeners: Map<string, Set<BusListener>>, channel: string): Set<BusListener> {
  let set = listeners.get(channel);
  if (!set) listeners.set(channel, (set = new Set()));
  return set;
}

export function deliver(listeners: Set<BusListener> | undefined, message: unknown, log?: FastifyBaseLogger) {
  for (const listener of listeners ?? []) {
    try {
      listener(message);
    } catch (error) {
      log?.error({ err: error }, 'bus listener failed');
    }
  }
}

export function checkedText(message: unknown): string {
  const text = JSON.stringify(message);
  if (Buffer.byteLength(text) > BUS_MESSAGE_MAX)
    throw new Error(`bus message of ${Buffer.byteLength(text)} bytes, over ${BUS_MESSAGE_MAX}`);
  return text;
}

/** One process: delivered in this process only, after the current task (as a NOTIFY would be). */
export function localBus(log?: FastifyBaseLogger): Bus {
  const listeners = new Map<string, Set<BusListener>>();
  return {
    shared: false,
    async publish(channel, message) {
      const copy: unknown = JSON.parse(checkedText(message));
      queueMicrotask(() => deliver(listeners.get(channel), copy, log));
    },
    subscribe(channel, listener) {
      const set = listenersOf(listeners, channel);
      set.add(listener);
      return () => set.delete(listener);
    },
    ready: async () => undefined,
    listening: async () => true,
    onListening: () => () => undefined,
    close: async () => listeners.clear(),
  };
}
