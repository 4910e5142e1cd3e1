import { ConfigError } from '../config.ts';
import { restoreBackup, RestoreRefused } from './backup-archive.ts';
import { backupRun } from './backup-run.ts';

/*
 * `npm run restore -- FILE`: a backup of `npm run backup` into an empty DATA_DIR (the database,
 * the media, the secret files), ready for `npm start`. It never writes over a data folder.
 */

const USAGE = 'Usage: npm run restore -- FILE   (into DATA_DIR, which must be empty or new)';

async function run(args: string[]): Promise<void> {
  const { file, config } = backupRun(
    args,
    USAGE,
    'restore PostgreSQL with `pg_restore` into an empty database, and DATA_DIR/uploads ' +
      'beside it (docs/deploy.md, Backups). Unset DATABASE_URL to restore an embedded backup into DATA_DIR.',
  );
  const started = performance.now();
  const manifest = await restoreBackup(file, config.dataDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Restored ${file} (taken ${manifest.created}) into ${config.dataDir} in ${seconds} s. Start the server on it: npm start`,
  );
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ConfigError) && !(error instanceof RestoreRefused)) throw error;
  console.error(`Cannot restore: ${error.message}`);
  process.exit(1);
}
