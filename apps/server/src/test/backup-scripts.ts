import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * A script of apps/server/src/backup (`npm run backup` / `restore`) run as npm runs it, in a
 * process of its own from the sources, on the embedded database: its exit code and its output.
 */
export function runBackupScript(
  script: 'backup-cli.ts' | 'restore-cli.ts',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(root, 'apps/server/src/backup', script), ...args],
    { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
