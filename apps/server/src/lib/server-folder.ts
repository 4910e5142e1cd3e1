import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server: the nearest folder with a package.json above this code, wherever it runs from: src/
 * under tsx, dist/ file by file (tsc), or dist/bundle/ (scripts/bundle-server.mjs), where every
 * module shares the bundle's import.meta.url. Paths to the migrations, the PGlite template and the
 * web build start here, not at a module's own place.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const serverFolder = packageFolder(here);

/** dist/ when the server runs built (file by file or bundled); undefined from the sources. */
const dist = path.join(serverFolder, 'dist');
export const builtFolder = `${here}${path.sep}`.startsWith(`${dist}${path.sep}`) ? dist : undefined;

function packageFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
