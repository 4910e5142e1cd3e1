import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** JWT_SECRET, or one generated on first start and kept in the data folder so restarts keep sessions. */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  return loadSecret(configured, dataDir, 'jwt-secret');
}

/** The configured secret, or one generated on first start and kept in `dataDir/<fileName>`. */
export async function loadSecret(configured: string | undefined, dataDir: string, fileName: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomToken(48);
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
