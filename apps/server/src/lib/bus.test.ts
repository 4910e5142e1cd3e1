import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUS_MESSAGE_MAX, localBus, type Bus } from './bus.ts';
import { postgresBus } from './postgres-bus.ts';

/* The bus between server processes: in-process on the embedded database, LISTEN/NOTIFY on PostgreSQL. */

const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
const url = process.env.TEST_DATABASE_URL;
const buses: Bus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

function received(bus: Bus, channel: string) {
  const messages: unknown[] = [];
  bus.subscribe(channel, (message) => messages.push(message));
  return messages;
}

describe('the local bus', () => {
  it('delivers a copy of each message to the channel’s subscribers, after the publishing task', async () => {
    const bus = localBus();
    buses.push(bus);
    const seen = received(bus, 'a');
    const other = received(bus, 'b');
    const message = { stationId: 7 };
    await bus.publish('a', message);
    message.stationId = 8;
    await vi.waitFor(() => expect(seen).toEqual([{ stationId: 7 }]));
    expect(other).toEqual([]);
  });

  it('refuses a message NOTIFY could not carry', async () => {
    const bus = localBus();
    buses.push(bus);
    await expect(bus.publish('a', { text: 'x'.repeat(BUS_MESSAGE_MAX) })).rejects.toThrow(/over 7900/);
  });
});

describe.skipIf(!url)('the PostgreSQL bus', () => {
  it('carries a message from one process’s bus to every bus listening on the channel', async () => {
    const [one, two] = [postgresBus(url!, log), postgresBus(url!, log)];
    buses.push(one, two);
    const channel = `bus_test_${process.pid}`;
    const atOne = received(one, channel);
    const atTwo = received(two, channel);
    const unsubscribed = vi.fn();
    const stop = two.subscribe(channel, unsubscribed);
    stop();
    await Promise.all([one.ready(), two.ready()]);

    await one.publish(channel, { action: 'Reset', stationId: 3 });
    await vi.waitFor(() => expect(atTwo).toEqual([{ action: 'Reset', stationId: 3 }]));
    await vi.waitFor(() => expect(atOne).toEqual([{ action: 'Reset', stationId: 3 }]));
    expect(unsubscribed).not.toHaveBeenCalled();
  });

  it('listens again when the server ends its listening connection, and tells its watchers it stopped and resumed', async () => {
    const [one, two] = [postgresBus(url!, log), postgresBus(url!, log)];
    buses.push(one, two);
    const channel = `bus_lost_${process.pid}_${Date.now()}`;
    const atTwo = received(two, channel);
    const heard: boolean[] = [];
    two.onListening((listening) => heard.push(listening));
    await Promise.all([one.ready(), two.ready()]);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Its LISTEN is the last statement its connection ran; no other bus listens to this channel.
      const listening = async () =>
        (
          await admin.query<{ pid: number }>('select pid from pg_stat_activity where query = $1', [
            `LISTEN "${channel}"`,
          ])
        ).rows;
      const [before] = await listening();
      await admin.query('select pg_terminate_backend($1)', [before!.pid]);
      await vi.waitFor(() => expect(heard).toEqual([false, true]));
      expect(await two.listening(0)).toBe(true);
      expect((await listening()).map((row) => row.pid)).not.toContain(before!.pid);

      await one.publish(channel, { after: 'the loss' });
      await vi.waitFor(() => expect(atTwo).toEqual([{ after: 'the loss' }]));
    } finally {
      await admin.end();
    }
  });
});
