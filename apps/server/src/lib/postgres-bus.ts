import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { survivingPool } from '../db/postgres.ts';
import { checkedText, deliver, listenersOf, type Bus, type BusListener } from './bus.ts';

/** Between attempts to listen again while the database refuses: the first comes at once. */
const RECONNECT_MS = 1_000;

/**
 * PostgreSQL's LISTEN/NOTIFY: one connection of its own listens (a pooled one would be handed to
 * others), publishing goes through a small pool. A lost listening connection is opened again at
 * once (then every second while that fails) and listens to every channel again; what was notified
 * meanwhile is lost, so `onListening` tells who must make up for it.
 */
export function postgresBus(url: string, log: FastifyBaseLogger): Bus {
  const listeners = new Map<string, Set<BusListener>>();
  const watchers = new Set<(listening: boolean) => void>();
  const waiters = new Set<() => void>();
  const publisher = survivingPool(
    { connectionString: url, max: 2, application_name: 'evcms-bus-publish' },
    (_pool, error) => log.warn({ err: error }, 'bus publishing connection lost; the pool opens another'),
  );
  /** The listening connection, once it listens to every channel; undefined while there is none. */
  let client: pg.Client | undefined;
  let lostOnce = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  // Connecting and each LISTEN run one after another, so a channel is never left out.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void>) => (queue = queue.then(task));

  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
  const tell = (listening: boolean) => {
    for (const watcher of watchers) watcher(listening);
  };
  const schedule = (ms: number) => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void enqueue(listen);
    }, ms);
    retry.unref();
  };

  async function listen(): Promise<void> {
    if (closed || client) return;
    const next = new pg.Client({ connectionString: url, application_name: 'evcms-bus-listen' });
    next.on('notification', ({ channel, payload }) => {
      if (payload === undefined) return;
      try {
        deliver(listeners.get(channel), JSON.parse(payload), log);
      } catch (error) {
        log.error({ err: error, channel }, 'bus message unreadable');
      }
    });
    // Heard before it listens too: an error while connecting or listening fails that step, below,
    // and one that comes just after the last LISTEN's answer is seen there as `broken`.
    let broken = false;
    next.on('error', (error) => {
      broken = true;
      if (client !== next) return;
      client = undefined;
      lostOnce = true;
      log.warn({ err: error }, 'bus listening connection lost; listening again');
      void next.end().catch(() => undefined);
      tell(false);
      schedule(0);
    });
    try {
      await next.connect();
      for (const channel of listeners.keys()) await next.query(`LISTEN ${quote(channel)}`);
      if (broken) throw new Error('the listening connection ended as it began to listen');
    } catch (error) {
      void next.end().catch(() => undefined);
      log.error({ err: error }, 'bus could not listen; trying again');
      schedule(RECONNECT_MS);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    for (const waiter of waiters) waiter();
    if (lostOnce) tell(true);
  }

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
        void enqueue(async () => {
          // No connection yet: opening one listens to every channel, this one included.
          if (!client) return listen();
          // A connection lost meanwhile is opened again and listens to every channel.
          await client
            .query(`LISTEN ${quote(channel)}`)
            .catch((error: unknown) => log.error({ err: error, channel }, 'bus could not listen'));
        });
      }
      return () => set.delete(fn);
    },
    ready: () => queue,
    listening(withinMs) {
      if (client || closed) return Promise.resolve(client !== undefined);
      return new Promise<boolean>((resolve) => {
        const done = (listening: boolean) => {
          clearTimeout(timer);
          waiters.delete(heard);
          resolve(listening);
        };
        const heard = () => done(true);
        const timer = setTimeout(() => done(false), withinMs);
        waiters.add(heard);
      });
    },
    onListening(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await queue;
      await Promise.all([client?.end().catch(() => undefined), publisher.end()]);
      client = undefined;
      listeners.clear();
      watchers.clear();
    },
  };
}
