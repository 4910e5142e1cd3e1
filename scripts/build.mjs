import { spawnSync } from 'node:child_process';
import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { root, staleReason, stampFile } from './build-inputs.mjs';

// Builds the server (with the contracts it imports), the web app and the server's PGlite template, then stamps the tree.
function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

if (process.argv.includes('--if-stale')) {
  const reason = staleReason();
  if (!reason) process.exit(0);
  console.log(`Building (${reason})...`);
}

// The stamp says "built from the inputs as they were when this build started". It goes before the
// build and comes back only after every step succeeded, so a failed or interrupted build is
// rebuilt (and its error shown again) by the next `npm start`, instead of serving the old dist.
const started = new Date();
rmSync(stampFile, { force: true });
run(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'apps/server']);
// What `npm start` runs: the server in a few files (scripts/bundle-server.mjs).
run(process.execPath, ['scripts/bundle-server.mjs']);
run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', 'apps/web', '--logLevel', 'warn']);
// A new data folder's migrated cluster (scripts/pglite-template.mjs), made after the server it comes from.
run(process.execPath, ['scripts/pglite-template.mjs']);
writeFileSync(stampFile, started.toISOString());
// An input saved while the build ran is newer than this, so it counts as a change.
utimesSync(stampFile, started, started);
console.log(`build finished in ${((Date.now() - started.getTime()) / 1000).toFixed(1)} s`);
