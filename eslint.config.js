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
 * or presenter. (A file belongs to the first element whose folder pattern it lies in.)
 */
const elements = [
  { type: 'web-app', pattern: 'apps/web/src/app' },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
  { type: 'web-shared', pattern: 'apps/web/src/(lib|components)' },
  { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
];
// What a module offers other modules.
const files = [{ category: 'service', pattern: '**/*.service.ts' }];

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
  // The last policy that matches decides: another module's services are open to every module.
  { from: element('server-module'), allow: [{ to: { file: { categories: 'service' } } }] },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', '**/*.tsbuildinfo'] },
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
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'apps/*/src/**/': 'KEBAB_CASE', 'packages/*/src/**/': 'KEBAB_CASE' }],
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
          selector: 'JSXOpeningElement[name.name=/(Outlined|Filled|TwoTone)$/]:not(:has(JSXAttribute[name.name=/^aria-(hidden|label)$/]))',
          message: 'Give an antd icon aria-hidden (decorative) or a localised aria-label.',
        },
      ],
    },
  },
);
