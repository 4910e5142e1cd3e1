import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.ts';

/*
 * Behind a TLS-terminating reverse proxy (TRUST_PROXY) the server's own sockets are plain: whether a
 * charge point reached the proxy over TLS (wss://) is the proxy's X-Forwarded-Proto, believed only
 * from a proxy TRUST_PROXY trusts, as Fastify believes it for `request.protocol`.
 */

/** Whether TRUST_PROXY trusts the connection's own peer (hop 0), as the app's Fastify does. */
function trustsPeer(trustProxy: Config['trustProxy']): (address: string) => boolean {
  if (typeof trustProxy === 'boolean') return () => trustProxy;
  // A number of hops trusts the nearest one from 1 (app.ts trustHops).
  if (typeof trustProxy === 'number') return () => trustProxy >= 1;
  const trusted = proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
  return (address) => trusted(address, 0);
}

/** Whether a trusted proxy says the request came to it over TLS (the last X-Forwarded-Proto entry, the nearest proxy's). */
export function forwardedOverTls(trustProxy: Config['trustProxy']): (request: IncomingMessage) => boolean {
  const trusts = trustsPeer(trustProxy);
  return (request) => {
    const proto = request.headers['x-forwarded-proto'];
    const address = request.socket.remoteAddress;
    if (typeof proto !== 'string' || address === undefined || !trusts(address)) return false;
    return (
      proto
        .slice(proto.lastIndexOf(',') + 1)
        .trim()
        .toLowerCase() === 'https'
    );
  };
}
