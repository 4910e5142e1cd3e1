import type { OcppMessage } from '@evcms/contracts/ocpp-messages';

/*
 * One frame of the OCPP message log as stored (db/schema/ocpp.ts `ocpp_message_batches.frames`):
 * the text of a JSON object written without serialising anything the frame already is. The server
 * logs thousands of frames a second, so the writer (ocpp/message-log.ts) neither parses a frame
 * nor rebuilds it: the frame's text goes in as it went over the socket, beside the few fields read
 * from its head. The payload is taken out of the frame when a page of the log is read.
 */

export type Direction = OcppMessage['direction'];
export type Kind = OcppMessage['kind'];

/** Written as `{"at":…,"dir":…,"kind":…,"id":…,"action":…,"frame":[…]}`, or with `payload` instead of `frame`. */
interface Entry {
  at: string;
  dir: Direction;
  kind: Kind;
  id: string;
  action: string | null;
  frame?: unknown[];
  payload?: unknown;
}

/** What the head of a frame says; `id` and `action` as the JSON string literals they are in it. */
export interface EntryHead {
  at: Date;
  direction: Direction;
  kind: Kind;
  idLiteral: string;
  actionLiteral: string | null;
}

// The time of the last entry begun: the frames of a busy second share their milliseconds.
let lastMs = NaN;
let lastIso = '';
function iso(at: Date): string {
  const ms = at.getTime();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = at.toISOString();
  }
  return lastIso;
}

const start = ({ at, direction, kind, idLiteral, actionLiteral }: EntryHead) =>
  `{"at":"${iso(at)}","dir":"${direction}","kind":"${kind}","id":${idLiteral},"action":${actionLiteral ?? 'null'}`;

/**
 * An entry holding `frame`, the text of a valid OCPP-J frame, as it is: the parts to write one
 * after the other, so the frame is never copied into a string of the entry's own.
 */
export function frameEntryParts(head: EntryHead, frame: string): [string, string, string] {
  return [`${start(head)},"frame":`, frame, '}'];
}

/** An entry holding a payload of the log's own (a frame cut short, or one that was not OCPP-J). */
export function payloadEntry(head: EntryHead, payload: unknown): string {
  return `${start(head)},"payload":${JSON.stringify(payload)}}`;
}

/** The payload of an OCPP-J frame: a call's parameters, a result's, or an error's code, description and details. */
function payloadOf(kind: Kind, frame: unknown[]): unknown {
  if (kind === 'call') return frame[3] ?? null;
  if (kind === 'result') return frame[2] ?? null;
  return { code: frame[2], description: frame[3], details: frame[4] };
}

export interface MessageEntry {
  at: Date;
  direction: Direction;
  kind: Kind;
  messageId: string;
  action: string | null;
  payload: unknown;
}

/** An entry as the log's page shows it. */
export function readEntry(entry: Entry): MessageEntry {
  return {
    at: new Date(entry.at),
    direction: entry.dir,
    kind: entry.kind,
    messageId: entry.id,
    action: entry.action,
    payload: entry.frame ? payloadOf(entry.kind, entry.frame) : (entry.payload ?? null),
  };
}

/** How much of a text that cannot be shown as it is is kept: a log line, not a store. */
export const EXCERPT = 4_096;

/**
 * The entries of one stored row (a JSON array's text), in the order written. A row that is not
 * JSON (a frame the RPC layer took and should have refused) still shows as its `count` entries,
 * the first with the row's start, rather than failing the station's whole log.
 */
export function readEntries(frames: string, count: number, at: Date): Entry[] {
  try {
    return JSON.parse(frames) as Entry[];
  } catch {
    return Array.from({ length: count }, (_, i) => ({
      at: at.toISOString(),
      dir: 'in',
      kind: 'error',
      id: '-1',
      action: null,
      payload: { unreadable: i === 0 ? frames.slice(0, EXCERPT) : '' },
    }));
  }
}
