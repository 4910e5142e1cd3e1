import type { AddressInfo } from 'node:net';
import { RPCServer } from 'ocpp-rpc';
import type { IHandlersOption } from 'ocpp-rpc';
import type * as ServerClientModule from 'ocpp-rpc/lib/server-client.js';

/*
 * A stand-in central system for the simulator's tests: ocpp-rpc's RPCServer in strict mode, so every
 * frame either way is checked against the official OCPP 1.6 schemas, answering the Core calls
 * plainly (every id tag accepted, transactions numbered 1, 2, ...) unless a test says otherwise,
 * and keeping what it was sent.
 */

export type ServerClient = ServerClientModule.default;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- frames as the schemas let them through
type Params = Record<string, any>;
type Answer = (params: Params) => object;

export interface ReceivedCall {
  identity: string;
  action: string;
  params: Params;
}

export interface CentralSystem {
  endpoint: string;
  calls: ReceivedCall[];
  /** Frames that broke the schema, in either direction: a test expects none. */
  schemaFailures: unknown[];
  /** Connections, oldest first. */
  connections: ServerClient[];
  /** The latest connection of `identity`. */
  client(identity: string): ServerClient;
  /** The calls of `action`, in order. */
  sent(action: string): Params[];
  /** Answers `action` with `answer` until `reset`. */
  answer(action: string, answer: Answer): void;
  /** Back to the plain answers. */
  reset(): void;
  close(): Promise<void>;
}

/** On `port` when given (a central system started again where the last one was), else on any free one. */
export async function startCentralSystem({ port = 0 } = {}): Promise<CentralSystem> {
  const server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
  const now = () => new Date().toISOString();
  let transactions = 0;
  const plain: Record<string, Answer> = {
    BootNotification: () => ({ status: 'Accepted', currentTime: now(), interval: 300 }),
    Heartbeat: () => ({ currentTime: now() }),
    StatusNotification: () => ({}),
    Authorize: () => ({ idTagInfo: { status: 'Accepted' } }),
    StartTransaction: () => ({ transactionId: (transactions += 1), idTagInfo: { status: 'Accepted' } }),
    MeterValues: () => ({}),
    StopTransaction: () => ({ idTagInfo: { status: 'Accepted' } }),
    DiagnosticsStatusNotification: () => ({}),
    FirmwareStatusNotification: () => ({}),
  };
  let answers = { ...plain };
  const calls: ReceivedCall[] = [];
  const schemaFailures: unknown[] = [];
  const connections: ServerClient[] = [];

  server.on('client', (client: ServerClient) => {
    connections.push(client);
    client.on('strictValidationFailure', (failure: unknown) => schemaFailures.push(failure));
    client.handle(async ({ method, params }: IHandlersOption) => {
      calls.push({ identity: client.identity!, action: method!, params: params ?? {} });
      return answers[method!]!(params ?? {});
    });
  });
  const http = await server.listen(port, '127.0.0.1');
  return {
    endpoint: `ws://127.0.0.1:${(http.address() as AddressInfo).port}/ocpp`,
    calls,
    schemaFailures,
    connections,
    client(identity) {
      const client = connections.findLast((connection) => connection.identity === identity);
      if (!client) throw new Error(`${identity} has not connected`);
      return client;
    },
    sent: (action) => calls.filter((call) => call.action === action).map((call) => call.params),
    answer(action, answer) {
      answers[action] = answer;
    },
    reset() {
      answers = { ...plain };
    },
    close: () => server.close({ code: 1001, force: true }),
  };
}
