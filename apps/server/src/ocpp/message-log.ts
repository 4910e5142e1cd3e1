import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { EXCERPT, frameEntryParts, payloadEntry, type Direction, type EntryHead, type Kind } from '../modules/stations/station-message-entries.ts';
import { MESSAGE_BATCH_ROW_MAX, recordMessages, sweepOldMessages } from '../modules/stations/station-messages.service.ts';
import { EntryRow, type EntryPlace } from './message-log-row.ts';

/*
 * The station card's log of OCPP frames, both ways. Frames are kept in memory and written together,
 * one statement per flush, a row per station holding its frames of the flush: thousands of stations
 * send thousands of frames a second, and a row per frame cost PostgreSQL more than handling them.
 * Each station's entries wait as the UTF-8 bytes of its row (message-log-row.ts), not as strings.
 * A frame is neither parsed nor rebuilt here: its text is stored as it came
 * (modules/stations/station-message-entries.ts), beside the message type, id and action read from
 * its head. A frame received that the RPC layer then refuses (not JSON, not OCPP-J) is stored
 * instead as the text it was (`refused`). Old frames are swept after `keepDays`; 0 turns the log off.
 */

/** A frame past this is logged as its start: a log line, not a store of firmware images. */
const PAYLOAD_MAX = 65_536;
/** Flushed early when the frames waiting reach this many bytes. */
const FLUSH_BYTES = 4_000_000;
/** A station's row is closed and another begun past this many bytes. */
const ROW_BYTES_MAX = 1_000_000;
/** Calls awaiting an answer per connection, for the answer's action; beyond this the oldest is forgotten. */
const PENDING_MAX = 1_000;

/** An OCPP-J frame's head: message type, then the message id and, for a call, the action (JSON strings). */
const HEAD = /^\s*\[\s*([234])\s*,\s*("(?:[^"\\]|\\.)*")(?:\s*,\s*("(?:[^"\\]|\\.)*"))?/;
const KINDS: Record<string, Kind> = { '2': 'call', '3': 'result', '4': 'error' };
/** Never in a valid JSON text: such a frame is stored as the text it was, and U+0001 separates rows (station-messages.repository.ts). */
const notJson = (raw: string) => raw.includes('\u0000') || raw.includes('\u0001');

export interface FrameRecorder {
  /** Every frame the connection sends or receives, as its text. */
  frame(raw: string, outbound: boolean): void;
  /** The frame received last was refused by the RPC layer (its `badMessage`, emitted right after the frame). */
  refused(): void;
}

export interface MessageLog {
  connection(stationId: number): FrameRecorder;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** A JSON string literal in one form, so a call and its answer name the same id however each escaped it. */
function canonical(literal: string): string {
  return literal.includes('\\') ? JSON.stringify(JSON.parse(literal)) : literal;
}

function unreadable(raw: string): unknown {
  return raw.length > PAYLOAD_MAX ? { truncated: true, length: raw.length, start: raw.slice(0, EXCERPT) } : { unreadable: raw };
}

/** The entry of a frame that is not OCPP-J: the text it was, under no message id. */
function unreadableEntry(at: Date, direction: Direction, raw: string): string[] {
  return [payloadEntry({ at, direction, kind: 'error', idLiteral: '"-1"', actionLiteral: null }, unreadable(raw))];
}

export function createMessageLog(db: Db, log: FastifyBaseLogger, options: { keepDays: number; flushMs?: number; sweepMs?: number }): MessageLog {
  const enabled = options.keepDays > 0;
  // Rows in the order begun; each station's current row, until it is full.
  let rows: EntryRow[] = [];
  const open = new Map<number, EntryRow>();
  let waitingBytes = 0;
  let writing: Promise<void> = Promise.resolve();
  let flushQueued = false;

  const flush = () => {
    flushQueued = false;
    if (!rows.length) return writing;
    const batch = rows;
    rows = [];
    open.clear();
    waitingBytes = 0;
    writing = writing
      .then(() => recordMessages(db, batch.map((row) => ({ stationId: row.stationId, at: row.at, count: row.count, frames: row.done() }))))
      .catch((error: unknown) => log.error({ err: error, frames: batch.reduce((sum, row) => sum + row.count, 0) }, 'OCPP message log not written'));
    return writing;
  };
  /** Adds an entry to the station's row; where it went, for `refused`. */
  const add = (stationId: number, at: Date, entry: readonly string[]): { row: EntryRow; place: EntryPlace } => {
    let row = open.get(stationId);
    if (!row || row.count >= MESSAGE_BATCH_ROW_MAX || row.size >= ROW_BYTES_MAX) {
      row = new EntryRow(stationId, at);
      rows.push(row);
      open.set(stationId, row);
    }
    const place = row.add(entry, at);
    waitingBytes += place.end - place.start;
    // After the frame's own handling: a refusal of it still replaces its entry before the write.
    if (waitingBytes >= FLUSH_BYTES && !flushQueued) {
      flushQueued = true;
      queueMicrotask(() => void flush());
    }
    return { row, place };
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
      if (!enabled) return { frame: () => undefined, refused: () => undefined };
      // The action of each call still unanswered, by who sent it, to name the answer's action.
      const calls = { in: new Map<string, string>(), out: new Map<string, string>() };
      let lastIn: { row: EntryRow; place: EntryPlace; raw: string; at: Date; id?: string } | undefined;
      const entryOf = (raw: string, direction: Direction, at: Date): { entry: string[]; id?: string } => {
        const head = notJson(raw) ? null : HEAD.exec(raw);
        if (!head) return { entry: unreadableEntry(at, direction, raw) };
        const kind = KINDS[head[1]!]!;
        let id: string;
        try {
          id = canonical(head[2]!);
        } catch {
          return { entry: unreadableEntry(at, direction, raw) };
        }
        let actionLiteral: string | null;
        if (kind === 'call') {
          actionLiteral = head[3] ?? null;
          const mine = calls[direction];
          if (actionLiteral) {
            if (mine.size >= PENDING_MAX) mine.delete(mine.keys().next().value!);
            mine.set(id, actionLiteral);
          }
        } else {
          // An answer goes the other way from its call.
          const theirs = calls[direction === 'out' ? 'in' : 'out'];
          actionLiteral = theirs.get(id) ?? null;
          theirs.delete(id);
        }
        const entryHead: EntryHead = { at, direction, kind, idLiteral: id, actionLiteral };
        return { id, entry: raw.length > PAYLOAD_MAX ? [payloadEntry(entryHead, unreadable(raw))] : frameEntryParts(entryHead, raw) };
      };
      return {
        frame(raw, outbound) {
          const at = new Date();
          const direction = outbound ? 'out' : 'in';
          const { entry, id } = entryOf(raw, direction, at);
          const place = add(stationId, at, entry);
          if (!outbound) lastIn = { ...place, raw, at, id };
        },
        refused() {
          if (!lastIn) return;
          const { row, place, raw, at, id } = lastIn;
          lastIn = undefined;
          // Its answer, an error the RPC layer sends at once, is then not named after it.
          if (id !== undefined) calls.in.delete(id);
          row.replace(place, unreadableEntry(at, 'in', raw));
        },
      };
    },
    flush,
    async close() {
      for (const timer of timers) clearInterval(timer);
      await flush();
    },
  };
}
