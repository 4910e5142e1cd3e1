import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  EXCERPT,
  frameEntryParts,
  MESSAGE_BATCH_ROW_MAX,
  payloadEntry,
  recordMessages,
  sweepOldMessages,
  type Direction,
  type EntryHead,
  type Kind,
} from '../modules/stations/station-messages.service.ts';
import { EntryRow } from './message-log-row.ts';
import type { FrameHead } from './rpc/frames.ts';

/*
 * The station card's log of OCPP frames, both ways. Frames are kept in memory and written together,
 * one statement per flush, a row per station holding its frames of the flush: thousands of stations
 * send thousands of frames a second, and a row per frame cost PostgreSQL more than handling them.
 * Each station's entries wait as the UTF-8 bytes of its row (message-log-row.ts), not as strings.
 * A frame is neither parsed nor rebuilt here: its text is stored as it came
 * (modules/stations/station-message-entries.ts), beside the message type, id and action the RPC
 * layer read from it (rpc/frames.ts). A frame it refused (not JSON, not OCPP-J) is stored as the
 * text it was. Old frames are swept after `keepDays`; 0 turns the log off.
 */

/** A frame past this is logged as its start: a log line, not a store of firmware images. */
const PAYLOAD_MAX = 65_536;
/** Flushed early when the frames waiting reach this many bytes. */
const FLUSH_BYTES = 4_000_000;
/** A station's row is closed and another begun past this many bytes. */
const ROW_BYTES_MAX = 1_000_000;
const KINDS: Record<FrameHead['type'], Kind> = { 2: 'call', 3: 'result', 4: 'error' };

export interface FrameRecorder {
  /**
   * Every frame the connection sends or receives, as its text, with what the RPC layer read of it
   * (undefined: a frame it refused). A frame it read is valid JSON, which holds neither U+0000 nor
   * U+0001 raw (U+0001 separates rows, station-messages.repository.ts).
   */
  frame(raw: string, outbound: boolean, head: FrameHead | undefined): void;
}

export interface MessageLog {
  connection(stationId: number): FrameRecorder;
  /** Bytes of frames read or sent and not yet written (/metrics). */
  backlogBytes(): number;
  flush(): Promise<void>;
  close(): Promise<void>;
}

function unreadable(raw: string): unknown {
  return raw.length > PAYLOAD_MAX
    ? { truncated: true, length: raw.length, start: raw.slice(0, EXCERPT) }
    : { unreadable: raw };
}

/** The entry of a frame that is not OCPP-J: the text it was, under no message id. */
function unreadableEntry(at: Date, direction: Direction, raw: string): string[] {
  return [payloadEntry({ at, direction, kind: 'error', idLiteral: '"-1"', actionLiteral: null }, unreadable(raw))];
}

export function createMessageLog(
  db: Db,
  log: FastifyBaseLogger,
  options: { keepDays: number; flushMs?: number; sweepMs?: number },
): MessageLog {
  const enabled = options.keepDays > 0;
  // Rows in the order begun; each station's current row, until it is full.
  let rows: EntryRow[] = [];
  const open = new Map<number, EntryRow>();
  let waitingBytes = 0;
  /** Of batches handed to the database and not yet written. */
  let writingBytes = 0;
  let writing: Promise<void> = Promise.resolve();
  let flushQueued = false;

  const flush = () => {
    flushQueued = false;
    if (!rows.length) return writing;
    const batch = rows;
    const bytes = waitingBytes;
    rows = [];
    open.clear();
    writingBytes += bytes;
    waitingBytes = 0;
    writing = writing
      .then(() =>
        recordMessages(
          db,
          batch.map((row) => ({ stationId: row.stationId, at: row.at, count: row.count, frames: row.done() })),
        ),
      )
      .catch((error: unknown) =>
        log.error(
          { err: error, frames: batch.reduce((sum, row) => sum + row.count, 0) },
          'OCPP message log not written',
        ),
      )
      .finally(() => {
        writingBytes -= bytes;
      });
    return writing;
  };
  /** Adds an entry to the station's row. */
  const add = (stationId: number, at: Date, entry: readonly string[]): void => {
    let row = open.get(stationId);
    if (!row || row.count >= MESSAGE_BATCH_ROW_MAX || row.size >= ROW_BYTES_MAX) {
      row = new EntryRow(stationId, at);
      rows.push(row);
      open.set(stationId, row);
    }
    waitingBytes += row.add(entry, at);
    if (waitingBytes >= FLUSH_BYTES && !flushQueued) {
      flushQueued = true;
      queueMicrotask(() => void flush());
    }
  };
  const sweep = () =>
    sweepOldMessages(db, options.keepDays)
      .then((deleted) => deleted && log.info({ deleted }, 'OCPP message log swept'))
      .catch((error: unknown) => log.error({ err: error }, 'OCPP message log sweep failed'));
  const timers = enabled
    ? [
        setInterval(() => void flush(), options.flushMs ?? 1_000),
        setInterval(() => void sweep(), options.sweepMs ?? 3_600_000),
      ]
    : [];
  for (const timer of timers) timer.unref();
  if (enabled) void sweep();

  return {
    connection(stationId) {
      if (!enabled) return { frame: () => undefined };
      return {
        frame(raw, outbound, head) {
          const at = new Date();
          const direction = outbound ? 'out' : 'in';
          if (!head) return add(stationId, at, unreadableEntry(at, direction, raw));
          const entryHead: EntryHead = {
            at,
            direction,
            kind: KINDS[head.type],
            idLiteral: JSON.stringify(head.id),
            actionLiteral: head.action === null ? null : JSON.stringify(head.action),
          };
          add(
            stationId,
            at,
            raw.length > PAYLOAD_MAX ? [payloadEntry(entryHead, unreadable(raw))] : frameEntryParts(entryHead, raw),
          );
        },
      };
    },
    backlogBytes: () => waitingBytes + writingBytes,
    flush,
    async close() {
      for (const timer of timers) clearInterval(timer);
      await flush();
    },
  };
}
