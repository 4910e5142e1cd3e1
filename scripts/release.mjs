import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './build-inputs.mjs';

// `npm run release`: the built server, migrations and web app in release/evcms-{version}.tgz, to be
// installed with `npm ci --omit=dev -w apps/server -w packages/contracts` and started with `npm start`
// (docs/deploy.md). Nothing of the sources, tests or development tools goes in; the lockfile does,
// so the installed versions are the tested ones. The web's and simulator's package.json go in only
// because the lockfile names their workspaces: their packages are not installed.

const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const version = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')).version;
const name = `evcms-${version}`;
const out = path.join(root, 'release');
const tree = path.join(out, name);
rmSync(tree, { recursive: true, force: true });
mkdirSync(tree, { recursive: true });

const copy = (from) => cpSync(path.join(root, from), path.join(tree, from), { recursive: true });
for (const from of [
  'package-lock.json',
  'README.md',
  'docs/deploy.md',
  'apps/server/package.json',
  'apps/server/dist',
  'apps/server/drizzle',
  'packages/contracts/package.json',
  'packages/contracts/dist',
  'apps/web/package.json',
  'apps/web/dist',
  'apps/simulator/package.json',
])
  copy(from);
// Source maps and type declarations serve development only.
spawnSync('find', [
  tree,
  '(',
  '-name',
  '*.map',
  '-o',
  '-name',
  '*.d.ts',
  '-o',
  '-name',
  '*.tsbuildinfo',
  ')',
  '-delete',
]);

// The devDependencies stay listed (npm ci checks package.json against the lockfile); --omit=dev skips them.
const { scripts: _scripts, ...kept } = rootPackage;
writeFileSync(
  path.join(tree, 'package.json'),
  `${JSON.stringify({ ...kept, version, scripts: { start: 'node apps/server/dist/bundle/main.js' } }, null, 2)}\n`,
);

const archive = path.join(out, `${name}.tgz`);
const packed = spawnSync('tar', ['-czf', archive, '-C', out, name], { stdio: 'inherit' });
if (packed.status !== 0) process.exit(packed.status ?? 1);
console.log(`release: ${path.relative(root, archive)}`);
