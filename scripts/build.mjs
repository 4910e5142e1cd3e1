import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { root, staleReason, stampFile } from './build-inputs.mjs';

// Builds the server (with the contracts it imports) and the web app, then stamps the tree.
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

const started = Date.now();
writeFileSync(stampFile, new Date().toISOString());
run(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'apps/server']);
run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', 'apps/web', '--logLevel', 'warn']);
console.log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
