import { createWriteStream } from 'node:fs';
import { access, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config.ts';
import { openPglite } from '../db/client.ts';
import { databaseDumper, writeBackup } from './backup-archive.ts';
import { backupRun } from './backup-run.ts';
import { backupFromServer, backupSocket, NoServer } from './backup-socket.ts';

/*
 * `npm run backup -- FILE`: the embedded database, the uploaded media and DATA_DIR's secret files
 * in one .tar.gz. A server running on DATA_DIR makes it (backup-socket.ts): PGlite's folder is
 * that process's alone. With no server, this process opens the folder itself.
 */

const USAGE = 'Usage: npm run backup -- FILE   (a new .tar.gz; DATA_DIR as `npm start` reads it)';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function fromFolder(dataDir: string, file: string): Promise<void> {
  const folder = path.join(dataDir, 'pg');
  if (!(await exists(folder))) throw new ConfigError(`There is no embedded database in ${folder} to back up.`);
  // PGlite locks nothing: a second process opening a folder in use would write over the first's
  // work. Its postmaster.pid (a constant pid) is there from its opening to its clean close.
  if (await exists(path.join(folder, 'postmaster.pid')))
    throw new ConfigError(
      `The database in ${folder} is open in another process that does not answer on ${backupSocket(dataDir)} ` +
        '(a server of an older version, or `npm run demo` filling it), or one that ended without closing it. ' +
        'Back up through a running server of this version, or stop that process; after a crash, start and stop the server once.',
    );
  const database = await openPglite(folder);
  const dumper = databaseDumper(database, path.join(dataDir, 'control', 'backup-copy'));
  try {
    await writeBackup(dataDir, () => dumper.dump(), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  } finally {
    await dumper.clean();
    await database.close();
  }
}

async function run(args: string[]): Promise<void> {
  const { file, config } = backupRun(
    args,
    USAGE,
    'back PostgreSQL up with its own tools (`pg_dump -Fc`), and keep DATA_DIR/uploads ' +
      'and the JWT_SECRET / STATION_KEY_SECRET settings with it (docs/deploy.md, Backups).',
  );
  if (await exists(file)) throw new ConfigError(`${file} exists already; name a new file.`);
  // Written beside the file and renamed at the end, so a file of that name is always a whole backup.
  const partial = `${file}.partial`;
  const started = performance.now();
  let how = 'from the running server';
  try {
    try {
      await backupFromServer(config.dataDir, partial);
    } catch (error) {
      if (!(error instanceof NoServer)) throw error;
      how = 'from the data folder (no server running)';
      await rm(partial, { force: true });
      await fromFolder(config.dataDir, partial);
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const megabytes = ((await stat(file)).size / 1e6).toFixed(1);
  console.log(`Backup of ${config.dataDir} ${how} written to ${file}: ${megabytes} MB in ${seconds} s.`);
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
