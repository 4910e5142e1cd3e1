import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, staleReason } from './build-inputs.mjs';

// `npm start`: build what is missing or stale, then run the server in this process, so SIGTERM
// reaches it directly and it shuts down gracefully. STARTUP_TRACE=1 prints each phase's time
// (apps/server/src/lib/startup-trace.ts continues the list).
const ms = (value) => value.toFixed(0).padStart(5);
const mark = (phase) => {
  if (process.env.STARTUP_TRACE !== '1') return;
  const { user, system } = process.cpuUsage();
  process.stderr.write(`startup ${ms(performance.now())} ms  cpu ${ms((user + system) / 1000)} ms  ${phase}\n`);
};
mark('start script running');
if (staleReason()) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
mark('build checked');
await import(pathToFileURL(path.join(root, 'apps/server/dist/bundle/main.js')).href);
