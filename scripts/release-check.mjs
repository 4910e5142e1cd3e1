import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from './build-inputs.mjs';

// CI's proof that a release runs with nothing from devDependencies (docs/deploy.md): make it, unpack
// it in an empty folder, `npm ci --omit=dev` the server's packages, start it on the embedded
// database, sign in through the API, read a list and the web app, stop it with SIGTERM. Prints the
// installed size and the times. Exits non-zero on any failure.

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const version = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')).version;
run(process.execPath, [path.join(root, 'scripts/release.mjs')]);
const folder = mkdtempSync(path.join(os.tmpdir(), 'evcms-release-'));
let server;
try {
  run('tar', ['-xzf', path.join(root, 'release', `evcms-${version}.tgz`), '-C', folder, '--strip-components=1']);
  const installing = performance.now();
  run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '-w', 'apps/server', '-w', 'packages/contracts'], {
    cwd: folder,
  });
  const installS = ((performance.now() - installing) / 1000).toFixed(1);
  for (const tool of ['typescript', 'vite', 'tsx', 'vitest', 'react', 'antd'])
    if (spawnSync('test', ['-e', path.join(folder, 'node_modules', tool)]).status === 0)
      throw new Error(`the production install holds ${tool}`);
  const size = spawnSync('du', ['-sh', folder], { encoding: 'utf8' }).stdout.split('\t')[0];
  const modules = spawnSync('du', ['-sh', path.join(folder, 'node_modules')], { encoding: 'utf8' }).stdout.split(
    '\t',
  )[0];

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = { email: 'release@example.com', password: 'Release-check-2024' };
  const booting = performance.now();
  // A PATH without the repository's tools: only Node and what the release installed.
  server = spawn(process.execPath, ['apps/server/dist/bundle/main.js'], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: path.dirname(process.execPath),
      PORT: String(port),
      DATA_DIR: path.join(folder, 'data'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
  for (;;) {
    const up = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (performance.now() - booting > 120_000) throw new Error('the server was not healthy within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const healthyS = ((performance.now() - booting) / 1000).toFixed(1);
  const login = await fetch(`${base}/api/v1/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  const { access } = await login.json();
  const merchants = await fetch(`${base}/api/v1/merchants/`, { headers: { authorization: `Bearer ${access}` } });
  if (merchants.status !== 200) throw new Error(`the merchant list answered ${merchants.status}`);
  const page = await fetch(`${base}/`);
  if (page.status !== 200 || !(await page.text()).includes('<div id="root">'))
    throw new Error(`the web app answered ${page.status}`);
  server.kill('SIGTERM');
  const { code, signal } = await exited;
  if (code !== 0) throw new Error(`the server stopped with ${code ?? signal}`);
  console.log(
    `release check passed: installed with --omit=dev in ${installS} s, ${size} in all (node_modules ${modules}); healthy ${healthyS} s after start; signed in, listed merchants, served the web app, stopped cleanly; ${seconds()} s in all`,
  );
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
}
