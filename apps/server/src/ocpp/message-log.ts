import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { recordMessages, sweepOldMessages, type OcppMessageValues } from '../modules/stations/station-messages.service.ts';

/*
 * The station card's log of OCPP frames (ocpp_messages), both ways. Frames are kept in memory and
 * written together, one statement per flush, as last-seen is (presence.ts): thousands of stations
 * send thousands of frames a second, and a write per frame would cost more than handling them.
 * Old frames are swept after `keepDays`; 0 days turns the log off.
 */

const MSG_CALL = 2;
const MSG_RESULT = 3;
const MSG_ERROR = 4;
/** A frame past this is logged as its start: a log line, not a store of firmware images. */
const PAYLOAD_MAX = 65_536;
const EXCERPT = 4_096;
/** Flushed early when this many frames wait. */
const BATCH_MAX = 1_000;
/** Calls awaiting an answer per connection, for the answer's action; beyond this the oldest is forgotten. */
const PENDING_MAX = 1_000;

export interface MessageLog {
  /** A connection's recorder: called with every raw frame it sends or receives. */
  connection(stationId: number): (raw: string, outbound: boolean) => void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

type Parsed = Pick<OcppMessageValues, 'kind' | 'messageId' | 'payload'> & { action?: string };

function parse(raw: string): Parsed {
  if (raw.length > PAYLOAD_MAX) return { kind: 'error', messageId: '-1', payload: { truncated: true, length: raw.length, start: raw.slice(0, EXCERPT) } };
  try {
    // PostgreSQL's text cannot hold U+0000, nor a json value read as text.
    const frame: unknown = JSON.parse(raw.includes('\\u0000') ? raw.replaceAll('\\u0000', '\\ufffd') : raw);
    if (Array.isArray(frame) && typeof frame[1] === 'string') {
      const [type, messageId] = frame as [unknown, string];
      if (type === MSG_CALL && typeof frame[2] === 'string') return { kind: 'call', messageId, action: frame[2], payload: frame[3] ?? null };
      if (type === MSG_RESULT) return { kind: 'result', messageId, payload: frame[2] ?? null };
      if (type === MSG_ERROR) return { kind: 'error', messageId, payload: { code: frame[2], description: frame[3], details: frame[4] } };
    }
  } catch {
    // Not JSON: logged as it came, below.
  }
  return { kind: 'error', messageId: '-1', payload: { unreadable: raw.replaceAll('\u0000', '\ufffd') } };
}

export function createMessageLog(db: Db, log: FastifyBaseLogger, options: { keepDays: number; flushMs?: number; sweepMs?: number }): MessageLog {
  const enabled = options.keepDays > 0;
  let pending: OcppMessageValues[] = [];
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    if (!pending.length) return writing;
    const batch = pending;
    pending = [];
    writing = writing
      .then(() => recordMessages(db, batch))
      .catch((error: unknown) => log.error({ err: error, frames: batch.length }, 'OCPP message log not written'));
    return writing;
  };
  const sweep = () =>
    sweepOldMessages(db, options.keepDays)
      .then((deleted) => deleted && log.info({ deleted }, 'OCPP message log swept'))
      .catch((error: unknown) => log.error({ err: error }, 'OCPP message log sweep failed'));
  const timers = enabled ? [setInterval(() => void flush(), options.flushMs ?? 1_000), setInterval(() => void sweep(), options.sweepMs ?? 3_600_000)] : [];
  for (const timer of timers) timer.unref();
  if (enabled) void sweep();

  return {
    connection(stationId) {
      if (!enabled) return () => undefined;
      // The action of each call still unanswered, by who sent it, to name the answer's action.
      const calls = { in: new Map<string, string>(), out: new Map<string, string>() };
      return (raw, outbound) => {
        const { action, ...frame } = parse(raw);
        const direction = outbound ? 'out' : 'in';
        let named = action ?? null;
        if (frame.kind === 'call' && action) {
          const mine = calls[direction];
          if (mine.size >= PENDING_MAX) mine.delete(mine.keys().next().value!);
          mine.set(frame.messageId, action);
        } else if (frame.messageId !== '-1') {
          // An answer goes the other way from its call.
          const theirs = calls[outbound ? 'in' : 'out'];
          named = theirs.get(frame.messageId) ?? null;
          theirs.delete(frame.messageId);
        }
        pending.push({ stationId, at: new Date(), direction, ...frame, action: named });
        if (pending.length >= BATCH_MAX) void flush();
      };
    },
    flush,
    async close() {
      for (const timer of timers) clearInterval(timer);
      await flush();
    },
  };
}
