import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, staleReason } from './build-inputs.mjs';

// `npm start`: build what is missing or stale, then run the server in this process, so SIGTERM
// reaches it directly and it shuts down gracefully.
if (staleReason()) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
