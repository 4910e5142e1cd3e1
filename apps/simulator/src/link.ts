import { RPCClient } from 'ocpp-rpc';
import type { Stats } from './stats.ts';

/*
 * A charge point's connection to the central system: an ocpp-rpc client (strict OCPP 1.6 schemas
 * both ways, Basic auth with the identity and password) that ocpp-rpc reconnects after a drop. It
 * counts what goes over it, and holds back the transaction messages a drop interrupted until the
 * charge point is back online, then sends them again, as a charge point keeps them in its queue.
 */

export interface LinkOptions {
  endpoint: string;
  identity: string;
  password: string;
  stats: Stats;
  log: (line: string, error: boolean) => void;
  /** Registers the charge point's answers to the central system's commands on a new client. */
  handle: (client: RPCClient) => void;
  /** ocpp-rpc reconnected after a drop. */
  reconnected: () => void;
  /** Calls may flow now (true), or no longer (false). */
  onlineChanged?: (online: boolean) => void;
}

/** A message that lost its connection is sent again, this many times in all. */
const SEND_ATTEMPTS = 5;

const isRpcError = (error: unknown) => typeof error === 'object' && error !== null && 'rpcErrorCode' in error;
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class Link {
  private client?: RPCClient;
  private online = false;
  private ended = true;
  private waiters: ((online: boolean) => void)[] = [];

  constructor(private readonly options: LinkOptions) {}

  /** Connected, and the charge point has booted: calls may flow. */
  get isOnline(): boolean {
    return this.online;
  }

  /** Connects; rejects (and counts an error) when the central system refuses or cannot be reached. */
  async open(): Promise<void> {
    this.ended = false;
    const { stats } = this.options;
    const client = new RPCClient({
      endpoint: this.options.endpoint,
      identity: this.options.identity,
      password: this.options.password,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: true,
      callTimeoutMs: 30_000,
      // ocpp-rpc's declaration makes every option required; it has defaults for the rest.
    } as ConstructorParameters<typeof RPCClient>[0]);
    let opened = 0;
    client.on('open', () => {
      stats.connected += 1;
      opened += 1;
      if (opened > 1) this.options.reconnected();
    });
    client.on('disconnect', ({ code }: { code: number }) => {
      stats.connected -= 1;
      // A close of our own has already let go of the client.
      if (client !== this.client) return;
      this.setOnline(false);
      this.options.log(`connection lost (${code}), reconnecting`, false);
    });
    client.on('call', ({ outbound }: { outbound: boolean }) => {
      if (outbound) stats.calls += 1;
    });
    // A frame of the central system that broke the schema, or an answer of ours that did (our own calls fail in send).
    client.on(
      'strictValidationFailure',
      ({ method, outbound, isCall }: { method: string; outbound: boolean; isCall: boolean }) => {
        if (!(outbound && isCall)) this.fail(`${method}: a frame broke the OCPP 1.6 schema`);
      },
    );
    // An answer whose call is no longer waiting came after the call's time-out (a call made while
    // reconnecting waits for the connection, its time-out running): late, not malformed.
    client.on('badMessage', ({ error }: { error: unknown }) =>
      this.fail(
        /unrecognised message ID/.test(errorText(error))
          ? 'an answer came for no call waiting (after its time-out)'
          : 'the central system sent a malformed frame',
      ),
    );
    this.options.handle(client);
    this.client = client;
    try {
      await client.connect();
    } catch (error) {
      this.client = undefined;
      const status = (error as { upgrade?: { statusCode?: number } }).upgrade?.statusCode;
      this.fail(`connection refused${status ? ` (HTTP ${status})` : ''}: ${errorText(error)}`);
      throw error;
    }
  }

  /** The charge point has booted (or is back after a drop): waiting messages go out. */
  ready(): void {
    this.setOnline(true);
    this.release(true);
  }

  /** Nothing waits for the connection any more: the charge point is stopping for good. */
  end(): void {
    this.ended = true;
    this.release(false);
  }

  /** Closes the connection cleanly, after the answers being sent. */
  async close(reason: string): Promise<void> {
    this.setOnline(false);
    const client = this.client;
    this.client = undefined;
    await client?.close({ code: 1000, reason, awaitPending: true });
  }

  /** One call; with `retry`, sent again once back online after a lost connection or a lost answer. */
  async send<T>(action: string, payload: object, { retry = false } = {}): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (!this.client) throw new Error('not connected');
        const answer = (await this.client.call(action, payload)) as T;
        this.options.stats.answered += 1;
        return answer;
      } catch (error) {
        const again = retry && !isRpcError(error) && attempt < SEND_ATTEMPTS && (await this.whenOnline());
        if (!again) {
          this.fail(`${action} failed: ${errorText(error)}`);
          throw error;
        }
      }
    }
  }

  fail(line: string): void {
    this.options.stats.errors += 1;
    this.options.log(line, true);
  }

  private setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    this.options.onlineChanged?.(online);
  }

  /** Settles true once online, false if the charge point is stopped first. */
  private whenOnline(): Promise<boolean> {
    if (this.ended) return Promise.resolve(false);
    if (this.online) return Promise.resolve(true);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private release(online: boolean): void {
    for (const waiter of this.waiters.splice(0)) waiter(online);
  }
}
