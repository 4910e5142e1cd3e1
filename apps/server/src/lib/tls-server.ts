import { readFileSync } from 'node:fs';
import type { ServerOptions as HttpServerOptions } from 'node:http';
import type { ServerOptions as HttpsServerOptions } from 'node:https';
import { createSecureContext } from 'node:tls';
import { ConfigError, type TlsPaths } from '../config.ts';

/*
 * The HTTPS server's options from TLS_CERT, TLS_KEY and OCPP_CLIENT_CA: the back office, the API
 * and wss:// for the charge points on one port. A file that cannot be read or a key that is not
 * the certificate's stops the start with the setting's name (ConfigError), not at the first
 * handshake.
 */

function readPem(file: string, setting: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new ConfigError(`${setting} cannot be read (${file}): ${(error as Error).message}`);
  }
}

/** `http` holds the HTTP server's own options (time-outs), which an HTTPS server takes too. */
export function httpsServerOptions(paths: TlsPaths, http: HttpServerOptions): HttpsServerOptions {
  const cert = readPem(paths.certFile, 'TLS_CERT');
  const key = readPem(paths.keyFile, 'TLS_KEY');
  const ca = paths.clientCaFile === undefined ? undefined : readPem(paths.clientCaFile, 'OCPP_CLIENT_CA');
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    throw new ConfigError(
      `TLS_CERT and TLS_KEY are not a PEM certificate and its private key: ${(error as Error).message}`,
    );
  }
  if (ca) {
    try {
      createSecureContext({ ca });
    } catch (error) {
      throw new ConfigError(`OCPP_CLIENT_CA is not a PEM certificate: ${(error as Error).message}`);
    }
    if (!ca.includes('-----BEGIN CERTIFICATE-----'))
      throw new ConfigError('OCPP_CLIENT_CA is not a PEM certificate: it holds no "BEGIN CERTIFICATE" block.');
  }
  return {
    ...http,
    cert,
    key,
    ...(ca && {
      ca,
      // Every client is asked for a certificate, but one without (a browser on the back office) is
      // let through: the TLS handshake only verifies a certificate sent against the CA, and the
      // OCPP upgrade refuses a profile-3 station whose certificate is missing or did not verify
      // (ocpp/security-profiles.ts). A handshake cannot know the path it will serve.
      requestCert: true,
      rejectUnauthorized: false,
    }),
  };
}
