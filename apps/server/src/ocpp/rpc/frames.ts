import { OcppError, FAULT_CODES, type Fault } from './rpc-errors.ts';

/*
 * Reading an OCPP-J frame (OCPP-J 1.6 section 4): `[2, id, action, payload]` a CALL,
 * `[3, id, payload]` a CALLRESULT, `[4, id, code, description, details]` a CALLERROR. A frame that
 * is none of these throws the UnreadableFrame its sender is answered with (the codes are
 * rpc-errors.ts's FAULT_CODES), carrying the id when it could be read ('-1' otherwise).
 *
 * What a frame may be is bounded before it is parsed: its size by the WebSocket (server.ts,
 * MAX_FRAME_BYTES) and its nesting here, so no value deeper than MAX_FRAME_DEPTH is ever built for
 * the code after it (the schema check, the NUL walk, JSON.stringify) to recurse into.
 */

/**
 * Arrays and objects inside one another, the frame's own array counted: the deepest PDU of 1.6
 * (StopTransaction's transactionData, SetChargingProfile's schedule) is 6; a vendor's own fields
 * in a meter value have the rest.
 */
export const MAX_FRAME_DEPTH = 32;
/** OCPP-J 1.6 section 4.1.3: a message id is at most 36 characters (a GUID). */
export const MAX_MESSAGE_ID = 36;

/** What the message log keeps of a frame besides its text: an answer is named by its call's action. */
export interface FrameHead {
  type: 2 | 3 | 4;
  id: string;
  action: string | null;
}

export type Frame =
  | { type: 2; id: string; action: string; payload: unknown }
  | { type: 3; id: string; payload: unknown }
  | { type: 4; id: string; code: unknown; description: unknown; details: unknown };

/** A frame that could not be read, and the id its CALLERROR names. */
export class UnreadableFrame extends OcppError {
  readonly messageId: string;
  /** Whether the frame was an answer (3 or 4), which is never answered. */
  readonly wasAnswer: boolean;

  constructor(fault: Fault, message: string, messageId = '-1', wasAnswer = false) {
    super(FAULT_CODES[fault], message);
    this.messageId = messageId;
    this.wasAnswer = wasAnswer;
  }
}

/** The index of the quote closing the JSON string opened at `start` (the text's length if none does). */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end !== -1) {
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes += 1;
    if (slashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return text.length;
}

/** How many of the character `open` `text` holds, counted up to `limit` + 1 (with indexOf, far cheaper than a loop over every character). */
function fewOf(text: string, open: string, limit: number): number {
  let count = 0;
  for (let at = text.indexOf(open); at !== -1; at = text.indexOf(open, at + 1)) {
    count += 1;
    if (count > limit) break;
  }
  return count;
}

/**
 * Whether the JSON `text` nests arrays and objects more than `limit` deep (brackets in strings are
 * text). Exact for valid JSON; invalid JSON is refused by JSON.parse after it anyway.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  // Each level costs an opening and a closing character; and no more levels than openings, which
  // decides nearly every real frame (a MeterValues has about ten) without reading it character by character.
  if (text.length <= 2 * limit || fewOf(text, '[', limit) + fewOf(text, '{', limit) <= limit) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = stringEnd(text, i);
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

const readableId = (id: unknown): id is string => typeof id === 'string' && id.length <= MAX_MESSAGE_ID;

/** The type and id at the head of a frame too deep to parse (`[2,"id",...`), read from its first characters alone. */
function headOf(text: string): [messageId: string, wasAnswer: boolean] {
  const head = /^\s*\[\s*([234])\s*,\s*"([^"\\]*)"/.exec(text.slice(0, 64));
  return [head && readableId(head[2]) ? head[2] : '-1', head?.[1] === '3' || head?.[1] === '4'];
}

export function parseFrame(text: string): Frame {
  if (nestsDeeperThan(text, MAX_FRAME_DEPTH))
    throw new UnreadableFrame('frame:tooDeep', `Message nests deeper than ${MAX_FRAME_DEPTH} levels`, ...headOf(text));
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    throw new UnreadableFrame('frame:notJson', 'Message must be a JSON structure');
  }
  if (!Array.isArray(frame)) throw new UnreadableFrame('frame:notArray', 'Message must be an array');
  const [type, id] = frame as unknown[];
  const messageId = readableId(id) ? id : '-1';
  if (type !== 2 && type !== 3 && type !== 4)
    throw new UnreadableFrame('frame:unknownMessageType', 'Unrecognised message type', messageId);
  const answer = type !== 2;
  if (typeof id !== 'string')
    throw new UnreadableFrame('frame:badMessageId', 'Message ID must be a string', '-1', answer);
  if (id.length > MAX_MESSAGE_ID)
    throw new UnreadableFrame(
      'frame:badMessageId',
      `Message ID must be at most ${MAX_MESSAGE_ID} characters`,
      '-1',
      answer,
    );
  if (type === 3) return { type, id, payload: frame[2] };
  if (type === 4) return { type, id, code: frame[2], description: frame[3], details: frame[4] };
  const action: unknown = frame[2];
  if (typeof action !== 'string') throw new UnreadableFrame('frame:badAction', 'Method must be a string', id);
  if (frame.length < 4) throw new UnreadableFrame('frame:incompleteCall', 'Call must carry a payload', id);
  return { type, id, action, payload: frame[3] };
}
