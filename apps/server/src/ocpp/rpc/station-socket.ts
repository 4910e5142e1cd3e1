import { randomUUID } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import { parseFrame, UnreadableFrame, type Frame, type FrameHead } from './frames.ts';
import { CallTimeout, callErrorCode, callErrorFrame, faultError, isOcppError, OcppError } from './rpc-errors.ts';

/*
 * A charge point's OCPP-J connection over one WebSocket, as the central system holds it: its calls
 * checked against the schemas and answered by `handle`, the central system's own calls to it (one
 * at a time, each checked both ways, each with a time-out), pings, and closing. In place of
 * ocpp-rpc's server client, which cost about 10 KB of heap per station and a fifth of the CPU of a
 * call (bench:ocpp's wsonly server) for its per-call abort signals, events and pending tables; the
 * frames it answered are kept (frames.ts), its codes made OCPP-J 1.6's (rpc-errors.ts).
 *
 * Nothing a frame does reaches the process: a failure of ours while reading or answering one goes
 * to `onFault` and the connection carries on, so one station can never end the others' service.
 */

export interface SchemaValidator {
  /** Throws an error with `rpcErrorCode` when `payload` breaks the schema `urn:{Action}.req|conf`. */
  validate(schemaId: string, payload: unknown): unknown;
}

export interface StationSocketOptions {
  validator: SchemaValidator;
  /** The actions `handle` answers. */
  actions: ReadonlySet<string>;
  /** The actions the protocol has: one of them `actions` leaves out is answered NotSupported, any other NotImplemented. */
  known: ReadonlySet<string>;
  /** Answers a call whose payload the schema accepted; an OcppError thrown is answered as its CALLERROR, any other as InternalError. */
  handle(action: string, payload: unknown): Promise<object>;
  /** Every frame as it went over the socket, once read (in) or sent (out); `head` undefined: not OCPP-J, or an answer to nothing asked. */
  onFrame(text: string, outbound: boolean, head: FrameHead | undefined): void;
  /** Why the frame just passed to onFrame without a head was refused. */
  onUnreadable(error: Error): void;
  /** A call or answer broke its schema (an incoming call is then answered with the error). */
  onSchemaFailure(action: string, outbound: boolean, error: Error): void;
  /** The station answered a ping, or pinged. */
  onAlive(): void;
  /** A failure of ours while reading or answering a frame, or of `handle` answering `action`: answered InternalError where it can be, the connection carries on. */
  onFault(error: unknown, action?: string): void;
  /** The socket closed; every call waiting on it has failed. */
  onClose(code: number): void;
  /** A call of the station was answered: `outcome` is `result` or the CALLERROR's code; seconds from reading it. */
  onAnswered?(action: string, outcome: string, seconds: number): void;
  /** Between pings; a ping unanswered by the next one ends the connection. 0: no pings. */
  pingIntervalMs: number;
}

interface PendingCall {
  id: string;
  action: string;
  resolve(payload: object): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const validCloseCode = (code: number) =>
  (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999);

export class StationSocket {
  private readonly ws: WebSocket;
  private readonly options: StationSocketOptions;
  private open = true;
  private readonly closed: Promise<void>;
  /** The central system's call waiting for its answer: one at a time, the next queued behind it. */
  private pending?: PendingCall;
  private queue: Promise<unknown> = Promise.resolve();
  /** Calls of the station being answered, by id: a second call with a busy id is refused. */
  private readonly answering = new Set<string>();
  private pingTimer?: NodeJS.Timeout;
  private awaitingPong = false;

  constructor(ws: WebSocket, options: StationSocketOptions) {
    this.ws = ws;
    this.options = options;
    ws.on('message', (data: RawData) => {
      try {
        this.onMessage(data);
      } catch (error) {
        options.onFault(error);
      }
    });
    ws.on('pong', () => {
      this.awaitingPong = false;
      options.onAlive();
    });
    ws.on('ping', () => options.onAlive());
    // An error is followed by 'close', which is where the connection ends.
    ws.on('error', () => {});
    this.closed = new Promise((resolve) => {
      ws.once('close', (code: number) => {
        this.onClosed(code);
        resolve();
      });
    });
    if (options.pingIntervalMs > 0) {
      this.pingTimer = setTimeout(() => this.ping(), options.pingIntervalMs);
      this.pingTimer.unref();
    }
  }

  /** Sends a call to the station and answers its CALLRESULT's payload; fails with OcppError, CallTimeout or, once closed, Error. */
  call(action: string, payload: object, timeoutMs: number): Promise<object> {
    const next = this.queue.then(() => this.callNow(action, payload, timeoutMs));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Closes the connection (pending calls fail at once) and settles once the socket has closed. */
  close(code = 1000, reason = ''): Promise<void> {
    if (this.open) {
      this.open = false;
      this.failPending(new Error('Connection closing'));
      this.ws.close(validCloseCode(code) ? code : 1000, reason);
    }
    return this.closed;
  }

  private callNow(action: string, payload: object, timeoutMs: number): Promise<object> {
    if (!this.open) return Promise.reject(new Error('Cannot make call while socket not open'));
    try {
      this.options.validator.validate(`urn:${action}.req`, payload);
    } catch (error) {
      this.options.onSchemaFailure(action, true, error as Error);
      return Promise.reject(error as Error);
    }
    const id = randomUUID();
    return new Promise<object>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(id, () => reject(new CallTimeout())), timeoutMs);
      this.pending = { id, action, resolve, reject, timer };
      this.send(JSON.stringify([2, id, action, payload]), { type: 2, id, action });
    });
  }

  /** Ends the pending call `id` (if it still is) with `outcome`. */
  private settle(id: string, outcome: (call: PendingCall) => void): boolean {
    const call = this.pending;
    if (call?.id !== id) return false;
    this.pending = undefined;
    clearTimeout(call.timer);
    outcome(call);
    return true;
  }

  private failPending(error: Error): void {
    if (this.pending) this.settle(this.pending.id, (call) => call.reject(error));
  }

  private send(text: string, head: FrameHead): void {
    this.ws.send(text);
    this.options.onFrame(text, true, head);
  }

  private onMessage(data: RawData): void {
    const text = String(data);
    // Some charge points send empty frames; nothing to read or answer.
    if (!text) return;
    let frame: Frame;
    try {
      frame = parseFrame(text);
      if (frame.type !== 2 && this.pending?.id !== frame.id) {
        const kind = frame.type === 3 ? 'CALLRESULT' : 'CALLERROR';
        throw new UnreadableFrame(
          'frame:unaskedAnswer',
          `Received ${kind} for unrecognised message ID: ${frame.id}`,
          frame.id,
          true,
        );
      }
    } catch (error) {
      if (!(error instanceof UnreadableFrame)) throw error;
      const refusal = error;
      this.options.onFrame(text, false, undefined);
      this.options.onUnreadable(refusal);
      if (this.open && !refusal.wasAnswer)
        this.send(callErrorFrame(refusal.messageId, refusal), { type: 4, id: refusal.messageId, action: null });
      return;
    }
    if (frame.type === 2) {
      this.options.onFrame(text, false, { type: 2, id: frame.id, action: frame.action });
      this.answer(frame.id, frame.action, frame.payload).catch((error: unknown) => this.options.onFault(error));
      return;
    }
    this.options.onFrame(text, false, { type: frame.type, id: frame.id, action: this.pending!.action });
    if (frame.type === 3) this.onResult(frame.id, frame.payload);
    else this.onError(frame.id, frame.code, frame.description, frame.details);
  }

  /** The answer to the pending call (onMessage checked the id). */
  private onResult(id: string, payload: unknown): void {
    const call = this.pending!;
    try {
      this.options.validator.validate(`urn:${call.action}.conf`, payload);
    } catch (error) {
      this.options.onSchemaFailure(call.action, false, error as Error);
      this.settle(id, () => call.reject(error as Error));
      return;
    }
    this.settle(id, () => call.resolve(payload as object));
  }

  private onError(id: string, code: unknown, description: unknown, details: unknown): void {
    const call = this.pending!;
    const error = new OcppError(
      String(code),
      typeof description === 'string' ? description : '',
      details !== null && typeof details === 'object' ? details : {},
    );
    this.settle(id, () => call.reject(error));
  }

  /** Answers one call of the station once (unless the socket closed meanwhile); fails only if sending does. */
  private async answer(id: string, action: string, payload: unknown): Promise<void> {
    if (!this.open) return;
    if (this.answering.has(id)) {
      this.send(
        callErrorFrame(id, faultError('frame:busyMessageId', `Already processing a call with message ID: ${id}`)),
        { type: 4, id, action },
      );
      return;
    }
    this.answering.add(id);
    const started = performance.now();
    let frame: string;
    let type: 3 | 4 = 3;
    let outcome = 'result';
    try {
      frame = JSON.stringify([3, id, await this.result(action, payload)]);
    } catch (error) {
      // callErrorFrame never throws, whatever the error holds.
      frame = callErrorFrame(id, error);
      type = 4;
      outcome = callErrorCode(error);
    } finally {
      this.answering.delete(id);
    }
    if (!this.open) return;
    this.send(frame, { type, id, action });
    this.options.onAnswered?.(action, outcome, (performance.now() - started) / 1000);
  }

  private async result(action: string, payload: unknown): Promise<object> {
    const { validator } = this.options;
    if (!this.options.actions.has(action))
      throw faultError(
        this.options.known.has(action) ? 'action:unsupported' : 'action:unknown',
        `Unable to handle '${action}' calls`,
      );
    try {
      validator.validate(`urn:${action}.req`, payload);
    } catch (error) {
      this.options.onSchemaFailure(action, false, error as Error);
      throw error;
    }
    let result: object;
    try {
      result = await this.options.handle(action, payload);
    } catch (error) {
      if (isOcppError(error)) throw error;
      // Our failure: the station gets no detail of it, onFault's log has it.
      this.options.onFault(error, action);
      throw faultError('ours:handlerFailed', 'The central system could not handle the call');
    }
    try {
      validator.validate(`urn:${action}.conf`, result);
    } catch (error) {
      this.options.onSchemaFailure(action, true, error as Error);
      throw faultError('ours:answerBrokeSchema');
    }
    return result;
  }

  private ping(): void {
    if (!this.open) return;
    // The last ping went unanswered for a whole interval: the link is dead.
    if (this.awaitingPong) {
      this.ws.terminate();
      return;
    }
    this.awaitingPong = true;
    try {
      this.ws.ping();
    } catch {
      this.ws.terminate();
      return;
    }
    this.pingTimer?.refresh();
  }

  private onClosed(code: number): void {
    this.open = false;
    clearTimeout(this.pingTimer);
    this.failPending(new Error('Connection closed'));
    this.options.onClose(code);
  }
}
