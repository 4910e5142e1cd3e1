import path from 'node:path';
import type { Database } from './client.ts';
import { PgliteThread } from './pglite-threaded.ts';

/**
 * The server's database: PostgreSQL at `databaseUrl` (its driver loaded only then: with the
 * embedded database a start is 0.05 s shorter without it), else PGlite in `dataDir/pg` on a thread
 * of its own, returned at once. The thread starts before the rest of the database layer loads:
 * PGlite's opening is the longest part of a restart (issue 34).
 */
export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.databaseUrl);
  }
  const thread = new PgliteThread(path.join(options.dataDir, 'pg'));
  thread.start().catch(() => {}); // told to each statement
  const { threadedPglite } = await import('./client.ts');
  return threadedPglite(thread);
}
