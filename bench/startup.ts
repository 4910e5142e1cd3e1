/**
 * Time from `npm start` (scripts/start.mjs) on a built tree to a healthy /api/v1/health: a first
 * start on an empty data folder (loads the build's migrated template into the embedded database,
 * checks the migrations, creates the manager) and a restart on the same folder. Prints the median of
 * RUNS each; STARTUP_TRACE=1 npm start says where a start's time goes.  Run: npm run bench:startup
 *
 * AGAINST=<another built tree> (e.g. `git worktree add /tmp/before <rev>`, its node_modules linked,
 * `node scripts/build.mjs` there) alternates the two trees run by run: this machine's speed drifts
 * by more than a change's effect between two commands.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { staleReason } from '../scripts/build-inputs.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const root = path.resolve(import.meta.dirname, '..');

async function timeStart(tree: string, dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: tree,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('server exited before it was healthy');
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const trees = [root, ...(process.env.AGAINST ? [path.resolve(process.env.AGAINST)] : [])];
if (staleReason()) throw new Error(`the tree is not built (${staleReason()}); run npm run build first`);
const first = trees.map((): number[] => []);
const again = trees.map((): number[] => []);
for (let i = 0; i < RUNS; i += 1) {
  for (const [t, tree] of trees.entries()) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcms-bench-'));
    first[t]!.push(await timeStart(tree, dataDir, 18_900 + i));
    again[t]!.push(await timeStart(tree, dataDir, 18_950 + i));
    await rm(dataDir, { recursive: true, force: true });
  }
}
const runs = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms  (runs: ${values.map((v) => v.toFixed(0)).join(', ')})`;
for (const [t, tree] of trees.entries()) {
  if (trees.length > 1) console.log(`\n${tree}`);
  console.log(`startup to healthy, empty data folder: ${runs(first[t]!)}`);
  console.log(`startup to healthy, existing data:     ${runs(again[t]!)}`);
}
