import { existsSync, openAsBlob } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { builtFolder, serverFolder } from '../lib/server-folder.ts';

/*
 * A new PGlite data folder starts as a copy of the build's template: a cluster PGlite's initdb made
 * and this build's migrations migrated, dumped by `npm run build` (scripts/pglite-template.mjs).
 * Making them again took most of a first start (initdb in WebAssembly alone about 3 s of 5,
 * issue 34); loading the dump takes a fraction. The migrator still runs after it, so a template
 * behind the migrations (or none, as when the server runs from its sources) only costs time.
 */

/** Where the build writes it: in dist/. */
export const PGLITE_TEMPLATE = path.join(serverFolder, 'dist', 'pglite-template.tar.gz');
/** The built server loads it; from the sources (src/, tsx) none is loaded, and initdb runs. */
const startsFrom = builtFolder && PGLITE_TEMPLATE;

export interface TemplateCopy {
  template: Blob;
  /** Call once PGlite has opened the copy: the folder is then whole. */
  loaded(): Promise<void>;
}

/**
 * The template to load into `dataDir` when it holds no cluster yet, or undefined (a cluster is
 * there, or no template was built). A load cut short (a crash, a kill) leaves its marker beside
 * the folder, and the next start throws the half-written folder away and loads it again.
 */
export async function templateCopy(dataDir: string, templateFile = startsFrom): Promise<TemplateCopy | undefined> {
  const marker = `${dataDir}.loading-template`;
  if (existsSync(marker)) await rm(dataDir, { recursive: true, force: true });
  else if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  // Node 20's openAsBlob says a missing file with a TypeError and no code: look first.
  if (!templateFile || !existsSync(templateFile)) {
    await rm(marker, { force: true });
    return undefined;
  }
  const template = await openAsBlob(templateFile);
  await mkdir(path.dirname(dataDir), { recursive: true });
  await writeFile(marker, '');
  return { template, loaded: () => rm(marker, { force: true }) };
}
