import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

/*
 * A code-splitting group takes a module whole, with every export any screen uses, and with every
 * module it imports. Three imports of antd's brought the signed-in screens' code to the sign-in
 * screen, each narrowed here to what the sign-in screen uses, by the same binding:
 * - antd's inputs and checkbox import form/context.js for its FormItemInputContext, and that module
 *   imports FormProvider from @rc-component/form's index, which hangs Field, List and useForm off
 *   the form: the whole form store and async-validator (about 13 KB gzip). FormProvider is defined
 *   in the package's FormContext module.
 * - antd's Input imports the default export of @rc-component/input's index, which imports TextArea
 *   with its autosize code (about 2 KB gzip); the default is the package's Input module.
 * - ConfigProvider imports the tooltip's UniqueProvider (with @rc-component/trigger's popup and
 *   positioning code, about 7 KB gzip), rendered only under `tooltip={{ unique: true }}`, which the
 *   app does not set: a stand-in that says so if it ever is.
 */
const NARROWED: { source: string; importer: RegExp; to: string }[] = [
  {
    source: '@rc-component/form',
    importer: /antd[\\/]es[\\/]form[\\/]context\.js$/,
    to: '@rc-component/form/es/FormContext',
  },
  {
    source: '@rc-component/input',
    importer: /antd[\\/]es[\\/]input[\\/]Input\.js$/,
    to: '@rc-component/input/es/Input',
  },
];
const UNIQUE_TOOLTIP_STAND_IN = '\0unique-tooltip-stand-in';

const narrowImports: Plugin = {
  name: 'narrow-imports',
  enforce: 'pre',
  resolveId(source, importer, options) {
    if (!importer) return null;
    if (source === '../tooltip/UniqueProvider' && /antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer)) {
      return UNIQUE_TOOLTIP_STAND_IN;
    }
    const narrowed = NARROWED.find((entry) => entry.source === source && entry.importer.test(importer));
    return narrowed ? this.resolve(narrowed.to, importer, { ...options, skipSelf: true }) : null;
  },
  load(id) {
    if (id !== UNIQUE_TOOLTIP_STAND_IN) return null;
    return `export default function UniqueProvider() {
      throw new Error("ConfigProvider's tooltip.unique is not built in: see narrow-imports in apps/web/vite.config.ts");
    }`;
  },
};

/** locales/<lang>/<namespace>.json of a namespace the signed-out screens do not load: `texts-<lang>`. */
const SHELL_TEXTS = /locales[\\/](\w+)[\\/](?!(?:accounts|common)\.json$)[\w-]+\.json$/;

/** Large code that few screens use, loaded with them only. */
const RARE =
  /leaflet|react-easy-crop|map-picker|image-crop|@rc-component[\\/]picker|antd[\\/]es[\\/](date-picker|time-picker|calendar)[\\/]/;

export default defineConfig({
  plugins: [
    narrowImports,
    react(),
    // Each built file over 1 KB gets .br and .gz siblings, which the server sends by Accept-Encoding
    // (apps/server/src/lib/spa.ts): compressed once here at the strongest levels, not per request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      include: /\.(js|css|html|svg)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  // `source` makes @evcms/contracts resolve to its TypeScript sources, with no separate build.
  resolve: { conditions: ['source'] },
  build: {
    manifest: true,
    // No source maps: nothing reads them (no error tracker), and served they would hand out the
    // sources. The server refuses *.map all the same (lib/spa.ts).
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // dayjs and its locales in a chunk of their own: left to itself the bundler may put its
            // runtime helpers beside them, and the sign-in screen, which needs the helpers but not
            // dates, would download dayjs with them.
            { name: 'dayjs', test: /node_modules[\\/]dayjs[\\/]/ },
            // The sign-in screen with everything it imports in one chunk. Left to itself the bundler
            // cuts what the screen needs into a chunk per set of later screens sharing it (29 files
            // with every screen added so far), and each file gzips on its own: 12 KB more for the
            // same code. The shell needs nearly all of it too (antd's form, inputs, buttons).
            { name: 'sign-in', test: /src[\\/]features[\\/]accounts[\\/]sign-in-page\.tsx$/ },
            // What the start (main.tsx) imports, before the shell and screens' groups can take it.
            { name: 'start', tags: ['$initial'] },
            // A language's texts for the signed-in screens in one file: the shell loads every namespace
            // (app/router.tsx), a request each otherwise. The signed-out screens' two stay apart.
            { debugName: 'texts', name: (id) => SHELL_TEXTS.exec(id)?.[1]?.replace(/^/, 'texts-') ?? null },
            // The signed-in app with what it imports: its router, the shell, the query cache, antd's
            // layout and menu. One file, so signing in loads them side by side.
            { name: 'shell', test: /src[\\/]app[\\/](shell[\\/]app-shell|signed-in-app)\.tsx$/ },
            // What three screens or more share, in one chunk: left to itself the bundler made a file per
            // set of screens sharing a module, and a cold /merchants took 58 answers, many under 1 KB
            // (each with its headers, and gzipped alone); 17 now, and fewer bytes. Two would put what
            // a pair of forms share into every screen's first load. The map, the image cropper and
            // the date pickers stay apart: few screens use them, and they are large.
            { name: 'screens', minShareCount: 3, test: (id) => !RARE.test(id) },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': apiTarget } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The project default of vi.waitFor's limit, shared with the server's tests.
    setupFiles: ['../server/src/test/wait-defaults.ts', 'src/test/setup.ts'],
    // fetch is stubbed per test (lib/test-fetch.ts); each test starts with the real one again.
    unstubGlobals: true,
    /*
     * Time, measured on two cores: a fresh jsdom and a fresh import of antd, React and the app
     * for each of ~40 files cost more than the tests themselves. A worker now keeps its jsdom and
     * its modules from file to file (test/setup.ts resets what tests change); the root config
     * runs two workers. Tests replace modules with vi.spyOn, not vi.mock, which a shared module
     * cache would not honour.
     */
    pool: 'threads',
    isolate: false,
    // Ant Design under jsdom is slow on a two-core machine.
    testTimeout: 30_000,
  },
});
