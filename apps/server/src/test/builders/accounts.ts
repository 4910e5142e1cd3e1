import type { Database } from '../../db/client.ts';
import { addManager } from '../../modules/accounts/accounts.service.ts';
import { next } from './sequence.ts';

/** A manager with overrides; returns the row and the plain password. */
export async function aManager(
  database: Database,
  overrides: { email?: string; password?: string; name?: string } = {},
) {
  const n = next();
  const password = overrides.password ?? 'correct-horse-9';
  const row = await addManager(database.db, {
    email: overrides.email ?? `manager${n}@example.com`,
    name: overrides.name ?? `Manager ${n}`,
    password,
  });
  return { ...row, password };
}

const buildersManagers = new WeakMap<Database, Promise<number>>();

/** The manager who makes what the builders make through services that record who did (merchants, stations, drivers): one per database. */
export function theBuildersManager(database: Database): Promise<number> {
  let id = buildersManagers.get(database);
  if (!id) {
    id = aManager(database, { name: 'Builder' }).then((manager) => manager.id);
    buildersManagers.set(database, id);
  }
  return id;
}
