import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { serverFolder } from '../lib/server-folder.ts';
import type { Db } from './client.ts';

/*
 * Where this build's migrations are, and whether a database has applied them all: what
 * `GET /api/v1/ready` answers (modules/health).
 */

export const migrationsFolder = path.join(serverFolder, 'drizzle');

let latest: number | undefined;

/** The time stamp (`when` in drizzle/meta/_journal.json) of this build's last migration; read once. */
function latestMigration(): number {
  latest ??= Math.max(...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));
  return latest;
}

/** A missing relation or schema: a database nothing has migrated yet. */
function neverMigrated(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code } = current as { code?: unknown };
    if (code === '42P01' || code === '3F000') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether the database holds every migration of this build, by Drizzle's own rule (its migrator
 * applies each migration newer than the last one recorded): true exactly when `migrate()` would
 * have nothing to do. A database ahead of this build (a newer process migrated it) counts as current.
 * Throws when the database does not answer.
 */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  try {
    // Raw rows, as queryRows (db/client.ts) reads them, which imports this file.
    const { rows } = (await db.execute(
      sql`select max(created_at) as "created_at" from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { created_at: string | number | bigint | null }[] };
    const last = rows[0]?.created_at;
    return last !== null && last !== undefined && Number(last) >= latestMigration();
  } catch (error) {
    if (neverMigrated(error)) return false;
    throw error;
  }
}
