import type { IncomingMessage } from 'node:http';
import { TLSSocket } from 'node:tls';
import type { SecurityProfile } from '@evcms/contracts/stations';

/*
 * OCPP 1.6 security profiles (the "Improved security for OCPP 1.6-J" white paper) at a charge
 * point's handshake: 1 Basic auth on ws:// or wss://, 2 Basic auth over TLS only, 3 TLS with a
 * client certificate signed by OCPP_CLIENT_CA whose subject CN is the station's identity (the
 * certificate authenticates it; a Basic password it also sends must still be its key).
 */

/** What the connection's TLS says of the charge point. */
export interface TlsFacts {
  /** Whether it came over TLS (wss://). */
  encrypted: boolean;
  /** The subject CN of a client certificate the TLS handshake verified against OCPP_CLIENT_CA; undefined without one. */
  verifiedCn: string | undefined;
  /** Why a certificate it sent did not verify (expired, another CA): for the log. */
  certificateError: string | undefined;
}

/** The station an identity names, as the handshake checks it. */
export interface StationCredentials {
  securityProfile: SecurityProfile;
  /** Whether the Basic password is the station's key; undefined when none was sent. */
  passwordMatches: boolean | undefined;
}

export interface Refusal {
  refuse: 401 | 403;
  reason: string;
  why: string;
}
export type Admission<Station> = { admit: Station } | Refusal;

const unauthorized = (why: string): Refusal => ({ refuse: 401, reason: 'Unauthorized', why });
const forbidden = (reason: string, why: string): Refusal => ({ refuse: 403, reason, why });

/** Whether the handshake meets the station's profile; a refusal says why for the log (`why`) and, shorter, for the charge point. */
export function admission<Station extends StationCredentials>(
  station: Station | undefined,
  identity: string,
  tls: TlsFacts,
): Admission<Station> {
  if (!station) return unauthorized('unknown identity');
  if (station.passwordMatches === false) return unauthorized('wrong password');
  const profile = station.securityProfile;
  if (profile < 3 && station.passwordMatches === undefined) return unauthorized('no password');
  if (profile >= 2 && !tls.encrypted)
    return forbidden(`TLS required (security profile ${profile})`, `security profile ${profile} on plain ws://`);
  if (profile === 3) {
    if (tls.verifiedCn === undefined)
      return forbidden(
        'Client certificate required',
        tls.certificateError ? `client certificate refused: ${tls.certificateError}` : 'no client certificate',
      );
    // Exact and case-sensitive, as the identity in the URL is matched to the station.
    if (tls.verifiedCn !== identity)
      return forbidden('Client certificate is not the station', `client certificate CN "${tls.verifiedCn}"`);
  }
  return { admit: station };
}

/**
 * What the socket under an upgrade request says of TLS and the client certificate; on a plain
 * socket, `forwardedTls` says whether a trusted TLS-terminating proxy took it over TLS (no client
 * certificate comes through a proxy).
 */
export function tlsFactsOf(request: IncomingMessage, forwardedTls?: (request: IncomingMessage) => boolean): TlsFacts {
  const socket = request.socket;
  if (!(socket instanceof TLSSocket))
    return { encrypted: forwardedTls?.(request) ?? false, verifiedCn: undefined, certificateError: undefined };
  const certificate = socket.getPeerCertificate();
  const sent = certificate !== null && Object.keys(certificate).length > 0;
  // A subject with several CNs names no one station.
  const cn: unknown = sent ? certificate.subject?.CN : undefined;
  const error = socket.authorizationError;
  return {
    encrypted: true,
    verifiedCn: socket.authorized && typeof cn === 'string' ? cn : undefined,
    certificateError: sent && !socket.authorized ? String(error ?? 'not verified') : undefined,
  };
}
