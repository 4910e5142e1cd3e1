// Prints the size figures the team tracks for the shared domain pattern, for the working tree or
// for a git revision: `npm run metrics` or `npm run metrics -- <rev>` (e.g. a commit before a change).
//  - files and lines of the merchants domain (server module, web feature, contract; tests apart);
//  - source lines spelling a language suffix (_ru/_en/_ky, Ru/En/Ky) outside the localisation
//    helpers and the locale files;
//  - pairs of repeated blocks (six or more lines alike) per 100 files, when the `duplicates`
//    command of the developers' tool library is on the PATH.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './build-inputs.mjs';

const rev = process.argv[2];
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

const files = (
  rev ? git('ls-tree', '-r', '--name-only', rev) : git('ls-files', '--cached', '--others', '--exclude-standard')
)
  .split('\n')
  .filter(Boolean);
const read = (file) =>
  rev
    ? git('show', `${rev}:${file}`)
    : existsSync(path.join(root, file))
      ? readFileSync(path.join(root, file), 'utf8')
      : '';

const isTest = (file) => /\.test\.tsx?$|\/test\/|test-|\/e2e\//.test(file);
const isSource = (file) => /\.(ts|tsx)$/.test(file) && !isTest(file);
const lineCount = (text) => text.split('\n').filter((line) => line.trim() !== '').length;

// ---- The merchants domain
const domain = files.filter(
  (file) =>
    isSource(file) &&
    (file.startsWith('apps/server/src/modules/merchants/') ||
      file.startsWith('apps/web/src/features/merchants/') ||
      file === 'packages/contracts/src/merchants.ts'),
);
const domainLines = domain.reduce((sum, file) => sum + lineCount(read(file)), 0);
const domainAllLines = domain.reduce((sum, file) => sum + read(file).split('\n').length - 1, 0);

// ---- Language suffixes spelled by hand
const HELPERS = new Set([
  'packages/contracts/src/localized.ts',
  'packages/contracts/src/i18n.ts',
  'apps/server/src/db/schema/localized.ts',
  'apps/web/src/components/multilingual-stepper/form-langs.ts',
]);
const SUFFIX = /_(ru|en|ky)\b|[a-z](Ru|En|Ky)\b/;
let suffixLines = 0;
const suffixFiles = [];
for (const file of files.filter(
  (f) => isSource(f) && /^(apps|packages)\//.test(f) && !HELPERS.has(f) && !f.includes('/locales/'),
)) {
  const count = read(file)
    .split('\n')
    .filter((line) => SUFFIX.test(line)).length;
  if (count) {
    suffixLines += count;
    suffixFiles.push(`${file} (${count})`);
  }
}

console.log(`revision: ${rev ?? 'working tree'}`);
console.log(
  `merchants domain (server + web + contracts, tests apart): ${domain.length} files, ${domainAllLines} lines (${domainLines} non-blank)`,
);
console.log(
  `lines spelling _ru/_en/_ky outside the localisation helpers and locale files: ${suffixLines} in ${suffixFiles.length} files`,
);
for (const entry of suffixFiles) console.log(`  ${entry}`);

// ---- Repeated blocks
const probe = spawnSync('duplicates', ['--help'], { encoding: 'utf8' });
if (probe.error) {
  console.log('repeated blocks: the `duplicates` command is not on this machine');
} else {
  let dir = root;
  let temp;
  if (rev) {
    temp = mkdtempSync(path.join(os.tmpdir(), 'metrics-'));
    execFileSync('sh', ['-c', `git archive ${rev} | tar -x -C ${temp}`], { cwd: root });
    dir = temp;
  }
  const out = spawnSync('duplicates', ['--repo', dir, '--most', '1', '--seconds', '120'], { encoding: 'utf8' }).stdout;
  if (temp) rmSync(temp, { recursive: true, force: true });
  const match = /^(\d+) pairs of places \((\d+) files read\)/m.exec(out);
  if (match) {
    const [pairs, read_] = [Number(match[1]), Number(match[2])];
    console.log(
      `repeated blocks (6+ lines alike): ${pairs} pairs in ${read_} files, ${((pairs / read_) * 100).toFixed(1)} per 100 files`,
    );
  } else {
    console.log(`repeated blocks: ${out.split('\n')[0]}`);
  }
}
