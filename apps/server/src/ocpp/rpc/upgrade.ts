import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { tlsFactsOf, type TlsFacts } from '../security-profiles.ts';

/*
 * A charge point's WebSocket handshake (OCPP 1.6J section 3, security profiles 1 to 3): what it
 * offers (identity from the URL, subprotocols, the Basic password, TLS and its client certificate),
 * refused with an HTTP status before any WebSocket exists, or accepted into a `ws` socket speaking
 * the one subprotocol.
 */

export interface Handshake {
  identity: string;
  remoteAddress: string | undefined;
  protocols: ReadonlySet<string>;
  /** The password of a Basic authorization whose user is the identity (bytes: OCPP allows any key). */
  password: Buffer | undefined;
  tls: TlsFacts;
}

export type Verdict<Session> = { accept: Session } | { refuse: number; reason: string };

export interface UpgradeOptions<Session> {
  protocol: string;
  /** The largest frame a station may send; a larger one closes its connection (1009). */
  maxPayload: number;
  /** Behind a TLS-terminating proxy: whether it says the request came to it over TLS (lib/forwarded-tls.ts). */
  forwardedTls?: (request: IncomingMessage) => boolean;
  authenticate(handshake: Handshake): Promise<Verdict<Session>>;
  connected(ws: WebSocket, session: Session): void;
}

export interface Upgrades {
  handle(request: IncomingMessage, socket: Duplex, head: Buffer, identity: string): Promise<void>;
  /** Refuses every later handshake (the server is closing). */
  stop(): void;
}

/** Basic auth whose user part is `identity` (which may itself hold colons, as OCPP identities can). */
function passwordOf(authorization: string | undefined, identity: string): Buffer | undefined {
  const encoded = /^ *[Bb][Aa][Ss][Ii][Cc] +([A-Za-z0-9._~+/-]+=*) *$/.exec(authorization ?? '')?.[1];
  if (!encoded) return undefined;
  const credentials = Buffer.from(encoded, 'base64');
  const user = Buffer.from(`${identity}:`);
  return credentials.subarray(0, user.length).equals(user) ? credentials.subarray(user.length) : undefined;
}

function protocolsOf(header: string | undefined): Set<string> {
  return new Set(
    (header ?? '')
      .split(',')
      .map((protocol) => protocol.trim())
      .filter(Boolean),
  );
}

/** Answers the handshake with an HTTP error and drops the connection. */
function refuse(socket: Duplex, status: number, reason: string): void {
  if (socket.writable) {
    const body = reason || STATUS_CODES[status] || '';
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export function createUpgrades<Session>(options: UpgradeOptions<Session>): Upgrades {
  const sockets = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: options.maxPayload,
    handleProtocols: () => options.protocol,
  });
  let accepting = true;
  return {
    stop: () => {
      accepting = false;
    },
    async handle(request, socket, head, identity) {
      // A socket that fails or goes away while its password is checked is dropped, never answered.
      const gone = () => socket.destroy();
      socket.on('error', gone);
      socket.once('close', gone);
      const release = () => {
        socket.off('error', gone);
        socket.off('close', gone);
      };
      if (!accepting) return refuse(socket, 503, 'Server closing');
      if (request.headers.upgrade?.toLowerCase() !== 'websocket')
        return refuse(socket, 400, 'Can only upgrade websocket upgrade requests');
      let verdict: Verdict<Session>;
      try {
        verdict = await options.authenticate({
          identity,
          remoteAddress: request.socket.remoteAddress,
          protocols: protocolsOf(request.headers['sec-websocket-protocol']),
          password: passwordOf(request.headers.authorization, identity),
          tls: tlsFactsOf(request, options.forwardedTls),
        });
      } catch {
        verdict = { refuse: 500, reason: 'Internal Server Error' };
      }
      release();
      if (socket.destroyed) return;
      if ('refuse' in verdict) return refuse(socket, verdict.refuse, verdict.reason);
      if (!accepting) return refuse(socket, 503, 'Server closing');
      sockets.handleUpgrade(request, socket, head, (ws) => options.connected(ws, verdict.accept));
    },
  };
}
