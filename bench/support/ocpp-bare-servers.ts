/**
 * The OCPP bench's servers that do no work, each answering every call with a canned valid
 * confirmation. bare: ocpp-rpc's RPCServer in strict mode (the official schemas, both ways),
 * accepting every charge point: the reference the product's throughput is a ratio of. wsonly: the
 * same answers over plain `ws`, each call and answer checked by the same validator, and nothing
 * else (no pending-call table, abort signal or event per call): what the RPC layer itself costs.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import { createValidator, RPCServer } from 'ocpp-rpc';
import { WebSocketServer } from 'ws';

export interface StartedServer {
  server: Server;
  close: () => Promise<void>;
}

const now = () => new Date().toISOString();
let transactions = 0;
const CANNED: Record<string, () => object> = {
  BootNotification: () => ({ status: 'Accepted', currentTime: now(), interval: 300 }),
  Heartbeat: () => ({ currentTime: now() }),
  StatusNotification: () => ({}),
  MeterValues: () => ({}),
  Authorize: () => ({ idTagInfo: { status: 'Accepted' } }),
  StartTransaction: () => ({ transactionId: (transactions += 1), idTagInfo: { status: 'Accepted' } }),
  StopTransaction: () => ({}),
};

export async function startBare(): Promise<StartedServer> {
  const rpc = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
  rpc.auth((accept, _reject, handshake) => accept({ identity: handshake.identity }, 'ocpp1.6'));
  rpc.on('client', (client: { handle(action: string, handler: () => Promise<object>): void }) => {
    for (const [action, answer] of Object.entries(CANNED)) client.handle(action, async () => answer());
  });
  const server = (await rpc.listen(0, '127.0.0.1')) as Server;
  return { server, close: () => rpc.close({ code: 1001 }) };
}

type Validator = ReturnType<typeof createValidator>;

const require = createRequire(import.meta.url);

/** A call's answer, or the CALLERROR of a call that broke the schema or names no canned action. */
function answer(validator: Validator, frame: string): string {
  let id: unknown = '-1';
  try {
    const [, messageId, action, params] = JSON.parse(frame) as [number, string, string, unknown];
    id = messageId;
    validator.validate(`urn:${action}.req`, params);
    const confirmation = CANNED[action]?.();
    if (!confirmation)
      throw Object.assign(new Error(`Unable to handle '${action}' calls`), { rpcErrorCode: 'NotImplemented' });
    validator.validate(`urn:${action}.conf`, confirmation);
    return JSON.stringify([3, id, confirmation]);
  } catch (error) {
    const { rpcErrorCode = 'GenericError', message } = error as { rpcErrorCode?: string; message: string };
    return JSON.stringify([4, id, rpcErrorCode, message, {}]);
  }
}

export async function startWsOnly(): Promise<StartedServer> {
  // Built as ocpp-rpc builds its own strict-mode validator of OCPP 1.6J: the bare server's checks without the rest of it.
  const validator = createValidator('ocpp1.6', require('ocpp-rpc/lib/schemas/ocpp1_6.json') as object[]);
  const server = createServer();
  const sockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has('ocpp1.6') ? 'ocpp1.6' : false),
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    sockets.handleUpgrade(request, socket, head, (ws) =>
      ws.on('message', (data) => ws.send(answer(validator, String(data)))),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    async close() {
      for (const ws of sockets.clients) ws.close(1001);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
