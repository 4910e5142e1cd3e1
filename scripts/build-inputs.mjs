import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const stampFile = path.join(root, '.build-stamp');

// What the build reads; a change to any of these (tests aside) makes the build stale.
const inputs = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contracts/src',
  'packages/contracts/tsconfig.json',
  'apps/server/src',
  'apps/server/tsconfig.json',
  // The migrations go into the PGlite template (scripts/pglite-template.mjs).
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
];
const outputs = [
  'apps/server/dist/main.js',
  'apps/server/dist/bundle/main.js',
  'apps/server/dist/pglite-template.tar.gz',
  'apps/web/dist/index.html',
];

function newest(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(file) ? 0 : stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(file)) latest = Math.max(latest, newest(path.join(file, entry)));
  return latest;
}

/** Why a build is needed, or null when the built tree is up to date. */
export function staleReason() {
  const missing = outputs.find((file) => !existsSync(path.join(root, file)));
  if (missing) return `${missing} is missing`;
  if (!existsSync(stampFile)) return 'no build stamp';
  const built = statSync(stampFile).mtimeMs;
  const changed = inputs.find((input) => newest(path.join(root, input)) > built);
  return changed ? `${changed} changed since the last build` : null;
}
