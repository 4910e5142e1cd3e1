import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { root } from './build-inputs.mjs';

// The server as `npm start` runs it: apps/server/dist/bundle/main.js, the server's own modules, the
// contracts, drizzle-orm, and fastify, zod, its type provider, jose and ws (files of their own only)
// in a few files instead of some 500 (issue 34: a restart's time went to finding and reading them;
// on Node 24 drizzle-orm's 180 KB package.json is read again for each of its files, 1.2 s; the
// last five saved about 0.1 s of a restart on Node 20). Other packages stay in node_modules:
// several find their own files from where they are (__dirname), and a CommonJS one imported
// dynamically would lose its named exports. What a bundled package imports stays installed too.
// tsc's file-by-file dist/ stays for the command-line tools (backups, the template).
const BUNDLED = /^(@evcms\/|drizzle-orm(\/|$)|fastify$|zod(\/|$)|fastify-type-provider-zod$|jose$|ws$)/;
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
  entryPoints: { main: path.join(root, 'apps/server/src/main.ts') },
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
          if (BUNDLED.test(args.path)) return undefined;
          const moved = movedResolution(args.path, args.resolveDir);
          return moved ? { errors: [{ text: moved }] } : { path: args.path, external: true };
        });
      },
    },
  ],
});
