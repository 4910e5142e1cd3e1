import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/*
 * Messages between the server processes that share one database: a station's socket is held by
 * one process, and a command asked of another (or a change the screens of another should see)
 * has to reach it. On PostgreSQL this is LISTEN/NOTIFY; on the embedded database there is one
 * process and the bus is this process's own. A message is JSON of at most `BUS_MESSAGE_MAX`
 * bytes (NOTIFY's limit is 8000): larger data goes through a table, the message names its row.
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
  /** Settles when every subscription so far listens across processes. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

function listenersOf(listeners: Map<string, Set<BusListener>>, channel: string): Set<BusListener> {
  let set = listeners.get(channel);
  if (!set) listeners.set(channel, (set = new Set()));
  return set;
}

function deliver(listeners: Set<BusListener> | undefined, message: unknown, log?: FastifyBaseLogger) {
  for (const listener of listeners ?? []) {
    try {
      listener(message);
    } catch (error) {
      log?.error({ err: error }, 'bus listener failed');
    }
  }
}

function checkedText(message: unknown): string {
  const text = JSON.stringify(message);
  if (Buffer.byteLength(text) > BUS_MESSAGE_MAX) throw new Error(`bus message of ${Buffer.byteLength(text)} bytes, over ${BUS_MESSAGE_MAX}`);
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
    close: async () => listeners.clear(),
  };
}

const RECONNECT_MS = 1_000;

/**
 * PostgreSQL's LISTEN/NOTIFY: one connection of its own listens (a pooled one would be handed to
 * others), publishing goes through any connection. A lost listening connection is opened again
 * and listens to every channel again; what was notified meanwhile is lost, as after a restart.
 */
export function postgresBus(url: string, log: FastifyBaseLogger): Bus {
  const listeners = new Map<string, Set<BusListener>>();
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let listening: Promise<void> = Promise.resolve();

  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('notification', ({ channel, payload }) => {
        if (payload === undefined) return;
        try {
          deliver(listeners.get(channel), JSON.parse(payload), log);
        } catch (error) {
          log.error({ err: error, channel }, 'bus message unreadable');
        }
      });
      client.on('error', (error) => {
        log.error({ err: error }, 'bus connection lost');
        listener = undefined;
        connecting = undefined;
        void client.end().catch(() => undefined);
        if (!closed) setTimeout(() => void relisten(), RECONNECT_MS).unref();
      });
      await client.connect();
      for (const channel of listeners.keys()) await client.query(`LISTEN ${quote(channel)}`);
      listener = client;
      return client;
    })();
    return connecting;
  };
  const relisten = () =>
    (listening = listening
      .then(async () => void (await connect()))
      .catch((error: unknown) => {
        log.error({ err: error }, 'bus could not listen');
        connecting = undefined;
        if (!closed) setTimeout(() => void relisten(), RECONNECT_MS).unref();
      }));

  return {
    shared: true,
    async publish(channel, message) {
      await publisher.query('SELECT pg_notify($1, $2)', [channel, checkedText(message)]);
    },
    subscribe(channel, fn) {
      const set = listenersOf(listeners, channel);
      const first = set.size === 0;
      set.add(fn);
      if (first) {
        listening = listening.then(async () => {
          const client = listener ?? (await connect());
          // A reconnect in between already listened to every channel.
          await client.query(`LISTEN ${quote(channel)}`);
        });
        listening = listening.catch((error: unknown) => log.error({ err: error, channel }, 'bus could not listen'));
      }
      return () => set.delete(fn);
    },
    ready: () => listening,
    async close() {
      closed = true;
      await listening.catch(() => undefined);
      await Promise.all([listener?.end().catch(() => undefined), publisher.end()]);
      listeners.clear();
    },
  };
}
