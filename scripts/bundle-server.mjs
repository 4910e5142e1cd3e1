import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { root } from './build-inputs.mjs';

// The server as `npm start` runs it: apps/server/dist/bundle/main.js and the database thread's
// pglite-thread.js, with the server's own modules, the contracts and the packages they import in a
// few files instead of some 800 (issue 34: a restart's time went to finding and reading them; on
// Node 24 drizzle-orm's 180 KB package.json is read again for each of its files, 1.2 s; bundling
// the rest of the packages too saved 0.05 s of a restart on Node 20, docs/performance.md).
// tsc's file-by-file dist/ stays for the command-line tools (backups, the template).
//
// What stays in node_modules:
// - a package imported dynamically (`import('x')`): loaded only when used (nodemailer, prom-client,
//   jsdom...), and a bundled CommonJS one would lose its named exports (@fastify/cookie's cookie);
// - packages that find files of their own from where they are installed: PGlite (its WebAssembly
//   and file system image), pino's transports (a worker file), Swagger UI (its static folder);
// - PostgreSQL's driver, loaded only with DATABASE_URL (pg-native, which it may require, is absent);
// - ws's optional native add-ons, required only when installed.
const INSTALLED =
  /^(@electric-sql\/pglite(\/|$)|pino(\/|$)|thread-stream$|@fastify\/swagger-ui$|pg$|pg-copy-streams$|bufferutil$|utf-8-validate$)/;
const outdir = path.join(root, 'apps/server/dist/bundle');

/**
 * Why an installed package the bundle imports would be another file when imported from the bundle
 * than from where its importer was (a copy nested in a bundled package's own node_modules), or
 * nothing when it is the same.
 */
function movedResolution(specifier, resolveDir) {
  const resolve = (from) => {
    try {
      return createRequire(path.join(from, 'x.js')).resolve(specifier);
    } catch {
      return undefined;
    }
  };
  const there = resolve(resolveDir);
  const here = resolve(outdir);
  return there === here
    ? undefined
    : `${specifier}: ${there ?? 'not found'} from ${resolveDir}, ${here ?? 'not found'} from the bundle`;
}

rmSync(outdir, { recursive: true, force: true });
await build({
  // The embedded database's thread (db/pglite-threaded.ts) is a file of its own beside main.js.
  entryPoints: {
    main: path.join(root, 'apps/server/src/main.ts'),
    'pglite-thread': path.join(root, 'apps/server/src/db/pglite-thread.ts'),
  },
  // Where that file is in apps/server.
  define: { PGLITE_THREAD_FILE: JSON.stringify('dist/bundle/pglite-thread.js') },
  outdir,
  bundle: true,
  // main.ts imports the app while the database opens; its dynamic imports stay separate files.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The contracts' sources, as the server's tests and tsx read them.
  conditions: ['source'],
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  logLevel: 'warning',
  // A bundled CommonJS package (fastify) requires the packages it leaves installed; ESM has no
  // require of its own. From here Node finds them where npm hoisted them.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'packages-stay-installed',
      setup(bundler) {
        bundler.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.kind !== 'dynamic-import' && !INSTALLED.test(args.path)) return undefined;
          const moved = movedResolution(args.path, args.resolveDir);
          return moved ? { errors: [{ text: moved }] } : { path: args.path, external: true };
        });
      },
    },
  ],
});
