import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * The import direction of docs/architecture.md, as architectural elements. Web: lib and components
 * -> features -> app, and a feature never imports another feature. Server: a module reaches
 * another module only through one of its services (`*.service.ts`), never its repository, rules
 * or presenter; so do the OCPP central system, the demo and the tests' helpers (src/test); the
 * server's lib/ imports no module. (A file belongs to the first element whose folder pattern it lies in.)
 */
const elements = [
  { type: 'web-app', pattern: 'apps/web/src/app' },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
  { type: 'web-shared', pattern: 'apps/web/src/(lib|components)' },
  { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
  // Clients of the modules' services, as the routes are.
  { type: 'server-client', pattern: 'apps/server/src/(ocpp|demo|test)' },
  { type: 'server-lib', pattern: 'apps/server/src/lib' },
  { type: 'server-schema', pattern: 'apps/server/src/db/schema' },
];

/*
 * A repository reads its own domain's tables and the shared ones: the reference tables
 * (`locations`), the column helpers (`columns`, `localized`). What needs several domains belongs
 * in `modules/read-models/`, which may read every table.
 */
const SHARED_SCHEMA = ['columns', 'localized', 'locations'];
const OWN_SCHEMA = {
  accounts: ['managers'],
  analytics: ['analytics'],
  banners: ['banners'],
  catalog: ['catalog'],
  charges: ['charges'],
  drivers: ['drivers'],
  merchants: ['merchants'],
  news: ['news'],
  partners: ['partners'],
  'promo-codes': ['promo-codes'],
  promotions: ['promotions'],
  rates: ['rates'],
  referrals: ['referrals'],
  stations: ['stations', 'ocpp'],
};
// What a module offers other modules: its services; the read module its read models.
const files = [
  { category: 'service', pattern: '**/*.service.ts' },
  { category: 'read-model', pattern: 'apps/server/src/modules/read-models/*.read-model.ts' },
  // Each schema file by its name (`table:stations`), for who may read it.
  ...readdirSync(new URL('apps/server/src/db/schema/', import.meta.url))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ category: `table:${name.slice(0, -3)}`, pattern: `apps/server/src/db/schema/${name}` })),
  // Tests check what a change wrote in any table.
  { category: 'test', pattern: '**/*.test.ts' },
  // A shrinking list: tests that still reach into a module, each waiting on a change of its own.
  {
    category: 'boundary-exception',
    pattern: [
      // The charge export's and the prepaid stop's rules are being reworked with the one price rule (issue 30, point 1).
      'apps/server/src/lib/exports/csv-bytes.test.ts',
      'apps/server/src/ocpp/ocpp-prepaid.test.ts',
      'apps/server/src/demo/demo.test.ts',
    ],
  },
];

const element = (type, captured) => ({ element: { type, ...(captured && { captured }) } });
const policies = [
  {
    from: element('web-feature'),
    disallow: [{ to: element('web-feature', { feature: '!{{from.element.captured.feature}}' }) }],
    message: 'A feature never imports another feature: move what both need into components/ or lib/.',
  },
  {
    from: element('web-feature'),
    disallow: [{ to: element('web-app') }],
    message: 'Features do not import the app shell; the app imports features.',
  },
  {
    from: element('web-shared'),
    disallow: [{ to: element('web-feature') }, { to: element('web-app') }],
    message: 'lib/ and components/ are shared by every feature: they import no feature and nothing of app/.',
  },
  {
    from: element('server-module'),
    disallow: [{ to: element('server-module', { module: '!{{from.element.captured.module}}' }) }],
    message: 'A module uses another module only through its service (*.service.ts).',
  },
  {
    from: element('server-client'),
    disallow: [{ to: element('server-module') }],
    message: 'ocpp/, demo/ and src/test/ use a module only through its services (*.service.ts), as the routes do.',
  },
  {
    from: element('server-lib'),
    disallow: [{ to: element('server-module') }],
    message: 'lib/ is shared by every module: it imports no module.',
  },
  // The last policy that matches decides: another module's services are open to every module and to their clients,
  // the read models (modules/read-models/*.read-model.ts) to every module.
  { from: element('server-module'), allow: [{ to: { file: { categories: 'service' } } }] },
  { from: element('server-module'), allow: [{ to: { file: { categories: 'read-model' } } }] },
  { from: element('server-client'), allow: [{ to: { file: { categories: 'service' } } }] },
  { from: { file: { categories: 'boundary-exception' } }, allow: [{ to: element('server-module') }] },
  {
    from: element('server-module'),
    disallow: [{ to: element('server-schema') }],
    message:
      'A module reads its own tables and the shared ones (db/schema/locations, columns, localized); a read across domains goes in modules/read-models/.',
  },
  ...Object.entries(OWN_SCHEMA).map(([module, tables]) => ({
    from: element('server-module', { module }),
    allow: tables.map((table) => ({ to: { file: { categories: `table:${table}` } } })),
  })),
  {
    from: element('server-module'),
    allow: SHARED_SCHEMA.map((table) => ({ to: { file: { categories: `table:${table}` } } })),
  },
  { from: element('server-module', { module: 'read-models' }), allow: [{ to: element('server-schema') }] },
  // The dashboard's module reads every domain's tables (docs/architecture.md).
  { from: element('server-module', { module: 'analytics' }), allow: [{ to: element('server-schema') }] },
  { from: { file: { categories: 'test' } }, allow: [{ to: element('server-schema') }] },
];

/** The example records of packages/contracts/src/examples are test data. */
const EXAMPLES_ONLY_IN_TESTS = {
  group: ['@evcms/contracts/examples/*', '**/contracts/src/examples/*', './examples/*', '../examples/*'],
  message: 'Example records are for tests: import them from a test, a *-test-data.ts or src/test/.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'release/**',
      'apps/server/drizzle/**',
      '**/*.tsbuildinfo',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { boundaries, 'check-file': checkFile },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': files,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { 'apps/*/src/**/': 'KEBAB_CASE', 'packages/*/src/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    // The example records of packages/contracts/src/examples are test data: only tests and their helpers
    // import them, so that none reaches a production build.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*-test-data.ts', 'apps/*/src/test/**', 'packages/contracts/src/examples/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [EXAMPLES_ONLY_IN_TESTS],
        },
      ],
    },
  },
  {
    // PostgreSQL's driver loads only with DATABASE_URL: a start on the embedded database is about
    // 0.1 s shorter without it (issue 34, docs/performance.md). Its code lives in these three files.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*-test-data.ts',
      'apps/server/src/test/**',
      'apps/server/src/db/postgres.ts',
      'apps/server/src/db/copy-rows.ts',
      'apps/server/src/lib/postgres-bus.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            EXAMPLES_ONLY_IN_TESTS,
            {
              group: ['pg', 'pg-copy-streams', 'drizzle-orm/node-postgres', 'drizzle-orm/node-postgres/*'],
              allowTypeImports: true,
              message: "PostgreSQL's driver is loaded only in db/postgres.ts, db/copy-rows.ts and lib/postgres-bus.ts.",
            },
            {
              group: [
                '**/db/postgres.ts',
                '**/db/copy-rows.ts',
                '**/lib/postgres-bus.ts',
                './postgres.ts',
                './copy-rows.ts',
                './postgres-bus.ts',
              ],
              allowTypeImports: true,
              message: "Import PostgreSQL's modules with import() where DATABASE_URL is set (db/client.ts, app.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // antd icons tell screen readers their English names ("thunderbolt", "plus"): each icon is
      // either hidden from them (the button or text beside it names the thing) or labelled.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXOpeningElement[name.name=/(Outlined|Filled|TwoTone)$/]:not(:has(JSXAttribute[name.name=/^aria-(hidden|label)$/]))',
          message: 'Give an antd icon aria-hidden (decorative) or a localised aria-label.',
        },
      ],
    },
  },
);
