import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Station passwords are OCPP Basic-auth keys, checked at every charge point connection: thousands
 * may reconnect at once after an outage, so the check is one keyed SHA-256 (HMAC), not a
 * human-password hash (scrypt costs ~50 ms each). That is enough for a random 16-40 character
 * key: without the server's key a stolen table cannot even be guessed against. A random salt per
 * hash keeps two stations with one password from sharing a hash.
 */

const SCHEME = 'hmac-sha256';

function digest(key: string, salt: Buffer, password: string): Buffer {
  return createHmac('sha256', key).update(salt).update(password, 'utf8').digest();
}

/** `hmac-sha256$<salt>$<digest>`, both base64url. */
export function hashStationPassword(key: string, password: string, salt: Buffer = randomBytes(16)): string {
  return `${SCHEME}$${salt.toString('base64url')}$${digest(key, salt, password).toString('base64url')}`;
}

/** Whether `password` is the one `stored` was made from with `key`; in constant time for a given stored hash. */
export function stationPasswordMatches(key: string, stored: string, password: string): boolean {
  const [scheme, salt, expected] = stored.split('$');
  if (scheme !== SCHEME || salt === undefined || expected === undefined) return false;
  const actual = digest(key, Buffer.from(salt, 'base64url'), password);
  const wanted = Buffer.from(expected, 'base64url');
  return wanted.length === actual.length && timingSafeEqual(actual, wanted);
}

/** A hash no password matches, checked against when the identity is unknown so the answer takes as long. */
export const NO_PASSWORD = hashStationPassword('no station', 'no password');
