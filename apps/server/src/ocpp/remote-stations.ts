import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { BUS_MESSAGE_MAX, type Bus } from '../lib/bus.ts';
import type { Delivery } from './commands.ts';

/*
 * Stations held by the other server processes sharing the database (PostgreSQL): a command for a
 * station this process has no socket for is published on the bus; the process that holds it makes
 * the call and publishes the delivery back, in parts when it is larger than a bus message (a long
 * GetConfiguration). A station that connects to one process has its older socket on another
 * closed, as a second connection in one process replaces the first. An announcement may arrive
 * after a newer connection has opened (NOTIFY is not instant): only an older socket is closed, and
 * a process ignores its own announcements (it replaced its socket when the new one opened).
 */

const CALLS = 'evcms_ocpp_calls';
const REPLIES = 'evcms_ocpp_replies';
const CONNECTED = 'evcms_ocpp_connected';
/** Beyond the station's own time-out: the bus's two ways and the holder's bookkeeping. */
const GRACE_MS = 2_000;
/** How long a command waits for this process to listen on the bus again (its connection lost a moment ago). */
const LISTENING_WAIT_MS = 5_000;
// JSON text per part, leaving room for the part's own fields within a bus message.
const PART_CHARS = Math.floor((BUS_MESSAGE_MAX - 200) / 6);

interface CallMessage {
  requestId: string;
  stationId: number;
  action: string;
  params: object;
  timeoutMs: number;
}

interface ReplyPart {
  requestId: string;
  part: number;
  parts: number;
  text: string;
}

/** A connection of a station, as old as when it opened. */
export interface Opened {
  /** As station_ocpp_state keeps the one it holds. */
  connectionId: string;
  /** Milliseconds since the epoch, by the clock of the process it opened on. */
  connectedAt: number;
}

interface ConnectedMessage extends Opened {
  stationId: number;
  processId: string;
}

/** Whether `newer` opened after `older`; the same millisecond is settled by the ids, so two processes agree which one stays. */
export function openedAfter(newer: Opened, older: Opened): boolean {
  return newer.connectedAt !== older.connectedAt
    ? newer.connectedAt > older.connectedAt
    : newer.connectionId > older.connectionId;
}

export interface HeldStations {
  /** The call over this process's socket of the station, or undefined when it holds none. */
  call(stationId: number, action: string, params: object, timeoutMs: number): Promise<Delivery> | undefined;
  /** Closes this process's socket of the station if it opened before `by`. */
  replaced(stationId: number, by: Opened): void;
}

export interface RemoteStations {
  /** A call to a station some other process may hold; 'offline' when no process answers in time. */
  deliver(stationId: number, action: string, params: object, timeoutMs: number): Promise<Delivery>;
  /** Tells the other processes a station connected here. */
  connected(stationId: number, connection: Opened): void;
  close(): void;
}

/** Splits a delivery's JSON into bus-sized parts (characters; a part of UTF-8 text is at most 6 bytes a character once escaped). */
export function replyParts(requestId: string, delivery: Delivery): ReplyPart[] {
  const text = JSON.stringify(delivery);
  const parts = Math.max(1, Math.ceil(text.length / PART_CHARS));
  return Array.from({ length: parts }, (_, part) => ({
    requestId,
    part,
    parts,
    text: text.slice(part * PART_CHARS, (part + 1) * PART_CHARS),
  }));
}

export function remoteStations(
  bus: Bus,
  held: HeldStations,
  log: FastifyBaseLogger,
  processId: string,
): RemoteStations {
  const waiting = new Map<
    string,
    { parts: string[]; received: number; missed: boolean; resolve: (delivery: Delivery) => void }
  >();
  // While this process does not listen, a reply published for it is lost: the station may have answered.
  const notWatching = bus.onListening((listening) => {
    if (!listening) for (const pending of waiting.values()) pending.missed = true;
  });

  const unsubscribe = [
    bus.subscribe(CALLS, (message) => {
      const call = message as CallMessage;
      const calling = held.call(call.stationId, call.action, call.params, call.timeoutMs);
      if (!calling) return;
      void calling
        .then(async (delivery) => {
          for (const part of replyParts(call.requestId, delivery)) await bus.publish(REPLIES, part);
        })
        .catch((error: unknown) =>
          log.error(
            { err: error, stationId: call.stationId, action: call.action },
            'OCPP call for another process failed',
          ),
        );
    }),
    bus.subscribe(REPLIES, (message) => {
      const part = message as ReplyPart;
      const pending = waiting.get(part.requestId);
      if (!pending || pending.parts[part.part] !== undefined) return;
      pending.parts[part.part] = part.text;
      pending.received += 1;
      if (pending.received === part.parts) pending.resolve(JSON.parse(pending.parts.join('')) as Delivery);
    }),
    bus.subscribe(CONNECTED, (message) => {
      const { stationId, connectionId, connectedAt, processId: from } = message as ConnectedMessage;
      if (from !== processId) held.replaced(stationId, { connectionId, connectedAt });
    }),
  ];

  return {
    async deliver(stationId, action, params, timeoutMs) {
      // A reply could not reach this process: not sent, so surely not carried out.
      if (!(await bus.listening(Math.min(timeoutMs, LISTENING_WAIT_MS))))
        throw new Error('this process does not listen on the bus: no other could answer');
      const requestId = randomUUID();
      const answered = new Promise<Delivery>((resolve) => {
        // No answer heard: no process holds the station, unless the answer may have been missed.
        const timer = setTimeout(
          () => resolve(pending.missed ? { kind: 'timeout' } : { kind: 'offline', disconnected: false }),
          timeoutMs + GRACE_MS,
        );
        const pending = {
          parts: [] as string[],
          received: 0,
          missed: false,
          resolve: (delivery: Delivery) => {
            clearTimeout(timer);
            resolve(delivery);
          },
        };
        waiting.set(requestId, pending);
      });
      try {
        await bus.publish(CALLS, { requestId, stationId, action, params, timeoutMs } satisfies CallMessage);
        return await answered;
      } finally {
        waiting.delete(requestId);
      }
    },
    connected(stationId, { connectionId, connectedAt }) {
      bus
        .publish(CONNECTED, { stationId, connectionId, connectedAt, processId } satisfies ConnectedMessage)
        .catch((error: unknown) => log.error({ err: error }, 'OCPP connection not announced'));
    },
    close() {
      for (const stop of unsubscribe) stop();
      notWatching();
    },
  };
}
