import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite cluster takes seconds (initdb in WebAssembly); loading a dump takes about one.
 * So the migrated database is made once per run and every test file starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evcms-pglite-template-'));
  const database = await openPglite(undefined);
  await database.migrate();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
