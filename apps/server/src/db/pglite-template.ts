import { existsSync, mkdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { builtFolder, serverFolder } from '../lib/server-folder.ts';

/*
 * A new PGlite data folder starts as a copy of the build's template: a cluster PGlite's initdb made
 * and this build's migrations migrated, dumped by `npm run build` (scripts/pglite-template.mjs).
 * Making them again took most of a first start (initdb in WebAssembly alone about 3 s of 5,
 * issue 34); unpacking the dump takes a fraction. The migrator still runs after it, so a template
 * behind the migrations (or none, as when the server runs from its sources) only costs time.
 */

/** Where the build writes it: in dist/. */
export const PGLITE_TEMPLATE = path.join(serverFolder, 'dist', 'pglite-template.tar.gz');
/** The built server loads it; from the sources (src/, tsx) none is loaded, and initdb runs. */
const startsFrom = builtFolder && PGLITE_TEMPLATE;

export interface TemplateCopy {
  /** Call once PGlite has opened the copy: the folder is then whole. */
  loaded(): Promise<void>;
}

/**
 * Unpacks the template into `dataDir` when it holds no cluster yet; undefined when a cluster is
 * there or no template was built. A load cut short (a crash, a kill) leaves its marker beside the
 * folder, and the next start throws the half-written folder away and loads it again.
 */
export async function templateCopy(dataDir: string, templateFile = startsFrom): Promise<TemplateCopy | undefined> {
  const marker = `${dataDir}.loading-template`;
  if (existsSync(marker)) await rm(dataDir, { recursive: true, force: true });
  else if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  if (!templateFile || !existsSync(templateFile)) {
    await rm(marker, { force: true });
    return undefined;
  }
  await mkdir(path.dirname(dataDir), { recursive: true });
  await writeFile(marker, '');
  // Synchronously: faster than tar's promise per file for a cluster's many small files, and far
  // faster than PGlite's own load through its file system in WebAssembly (docs/performance.md).
  await unpackCluster(templateFile, dataDir, { sync: true });
  return { loaded: () => rm(marker, { force: true }) };
}

/**
 * A PGlite cluster's tar (gzipped or not) into `folder`, written by the system, not through
 * PGlite's file system in WebAssembly. PGlite's dumps name their files from the root, `/base/1/112`:
 * tar takes them as relative and says so of every file (TAR_ENTRY_INFO), which is no problem.
 * Throws the first real one (`TAR_BAD_ARCHIVE: ...`).
 */
export async function unpackCluster(file: string, folder: string, options: { sync?: boolean } = {}): Promise<void> {
  // Loaded when a folder is made: a restart's database thread does without it (issue 34).
  const { extract } = await import('tar');
  const problems: string[] = [];
  const settle = () => {
    if (problems.length > 0) throw new Error(problems[0]);
  };
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const onwarn = (code: string, message: unknown) => {
    if (code !== 'TAR_ENTRY_INFO') problems.push(`${code}: ${String(message)}`);
  };
  if (options.sync) extract({ file, cwd: folder, onwarn, sync: true });
  else await extract({ file, cwd: folder, onwarn });
  settle();
}
