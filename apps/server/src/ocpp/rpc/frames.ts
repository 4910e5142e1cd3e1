import { OcppError } from './rpc-errors.ts';

/*
 * Reading an OCPP-J frame (OCPP 1.6J section 4): `[2, id, action, payload]` a CALL,
 * `[3, id, payload]` a CALLRESULT, `[4, id, code, description, details]` a CALLERROR. A frame that
 * is none of these throws the OcppError its sender is answered with (RpcFrameworkError, or
 * MessageTypeNotSupported for another message type, as OCPP 2.0.1J section 4.4 has it), carrying
 * the id when it could be read ('-1' otherwise).
 */

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

  constructor(code: string, message: string, messageId = '-1', wasAnswer = false) {
    super(code, message);
    this.messageId = messageId;
    this.wasAnswer = wasAnswer;
  }
}

export function parseFrame(text: string): Frame {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    throw new UnreadableFrame('RpcFrameworkError', 'Message must be a JSON structure');
  }
  if (!Array.isArray(frame)) throw new UnreadableFrame('RpcFrameworkError', 'Message must be an array');
  const [type, id] = frame as unknown[];
  if (typeof type !== 'number') throw new UnreadableFrame('RpcFrameworkError', 'Message type must be a number');
  if (type !== 2 && type !== 3 && type !== 4) throw new UnreadableFrame('MessageTypeNotSupported', 'Unrecognised message type');
  const answer = type !== 2;
  if (typeof id !== 'string') throw new UnreadableFrame('RpcFrameworkError', 'Message ID must be a string', '-1', answer);
  if (type === 3) return { type, id, payload: frame[2] };
  if (type === 4) return { type, id, code: frame[2], description: frame[3], details: frame[4] };
  const action: unknown = frame[2];
  if (typeof action !== 'string') throw new UnreadableFrame('RpcFrameworkError', 'Method must be a string', id);
  return { type, id, action, payload: frame[3] };
}
