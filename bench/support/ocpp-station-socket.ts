/**
 * One simulated charge point of the OCPP bench over a plain `ws` socket with hand-built OCPP-J
 * frames (ocpp-rpc's client costs too much at 10,000 per process): Basic auth, the `ocpp1.6`
 * subprotocol, one call at a time, the round-trip of each call to its CALLRESULT timed.
 */
import { WebSocket } from 'ws';
import { benchIdentity, STATION_PASSWORD, type StationState } from './ocpp-frames.ts';

const CALL = 2;
const RESULT = 3;
/** A call unanswered this long fails (checked by `expireCalls`). */
export const CALL_TIMEOUT_MS = 30_000;

export interface Answer {
  ok: boolean;
  ms: number;
  payload?: Record<string, unknown>;
  error?: string;
}

interface Waiting {
  id: string;
  sentAt: number;
  done: (answer: Answer) => void;
}

let nextId = 0;

export class StationSocket implements StationState {
  readonly identity: string;
  socket: WebSocket | undefined;
  waiting: Waiting | undefined;
  transactionId?: number;
  meterWh: number;
  lastAt = 0;
  calls = 0;

  constructor(readonly index: number) {
    this.identity = benchIdentity(index);
    this.meterWh = 1_000_000 + index * 1_000;
  }

  get idle(): boolean {
    return this.socket?.readyState === WebSocket.OPEN && this.waiting === undefined;
  }

  /** Opens the socket; rejects with the HTTP status of a refused upgrade or the socket's error. */
  connect(baseUrl: string): Promise<void> {
    const authorization = `Basic ${Buffer.from(`${this.identity}:${STATION_PASSWORD}`).toString('base64')}`;
    const socket = new WebSocket(`${baseUrl}/${encodeURIComponent(this.identity)}`, ['ocpp1.6'], {
      headers: { authorization },
      perMessageDeflate: false,
      handshakeTimeout: CALL_TIMEOUT_MS,
    });
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => {
        socket.off('error', reject);
        // Errors after the open end in a close, handled there.
        socket.on('error', () => undefined);
        socket.on('message', (data) => this.receive(String(data)));
        socket.once('close', () => {
          if (this.socket === socket) this.socket = undefined;
          this.finish({ ok: false, ms: 0, error: 'socket closed' });
        });
        this.socket = socket;
        resolve();
      });
    });
  }

  /** Sends one call and waits for its answer (a CALLERROR, a close or the time-out is a failed answer). */
  call(action: string, payload: object): Promise<Answer> {
    const socket = this.socket;
    if (!socket || this.waiting)
      return Promise.resolve({ ok: false, ms: 0, error: this.waiting ? 'a call is already waiting' : 'not connected' });
    const id = String((nextId += 1));
    return new Promise((done) => {
      this.waiting = { id, sentAt: performance.now(), done };
      socket.send(JSON.stringify([CALL, id, action, payload]));
    });
  }

  /** Closes the socket at once (no close handshake), as a lost link or a power cut does; resolves once it is closed. */
  drop(): Promise<void> {
    const socket = this.socket;
    if (!socket) return Promise.resolve();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.terminate();
    return closed;
  }

  /** Fails a call waiting longer than the time-out. */
  expire(now: number): void {
    if (this.waiting && now - this.waiting.sentAt > CALL_TIMEOUT_MS)
      this.finish({ ok: false, ms: 0, error: 'timeout' });
  }

  private finish(answer: Answer): void {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = undefined;
    waiting.done({ ...answer, ms: performance.now() - waiting.sentAt });
  }

  private receive(text: string): void {
    const frame = JSON.parse(text) as [number, string, ...unknown[]];
    if (frame[0] === CALL) {
      // The bench's stations obey no command; none is sent during the bench.
      this.socket?.send(JSON.stringify([4, frame[1], 'NotImplemented', 'bench charge point', {}]));
      return;
    }
    if (frame[1] !== this.waiting?.id) return;
    if (frame[0] === RESULT) this.finish({ ok: true, ms: 0, payload: frame[2] as Record<string, unknown> });
    else this.finish({ ok: false, ms: 0, error: `${String(frame[2])}: ${String(frame[3])}` });
  }
}
