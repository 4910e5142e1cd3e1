import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt is memory-hard; N=2^15, r=8 takes 32 MiB and tens of milliseconds per hash.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

function options(N: number, r: number, p: number): ScryptOptions {
  return { N, r, p, maxmem: 256 * N * r };
}

/** `scrypt$N$r$p$salt$hash`, base64url parts, so the parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, options(PARAMS.N, PARAMS.r, PARAMS.p));
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(
    password,
    Buffer.from(salt, 'base64url'),
    expected.length,
    options(Number(n), Number(r), Number(p)),
  );
  return timingSafeEqual(key, expected);
}

/**
 * Verifying against this keeps a wrong email as slow as a wrong password: the same parameters, so
 * the same work. Random bytes in a hash's place, matched by no password, instead of hashing one at
 * import (a scrypt on every start, issue 34).
 */
export const DUMMY_HASH = ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, randomBytes(16), randomBytes(KEY_LENGTH)]
  .map((part) => (Buffer.isBuffer(part) ? part.toString('base64url') : part))
  .join('$');
