import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChargeListItem } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { aManager } from '../../server/src/test/builders/accounts.ts';
import { aDriver } from '../../server/src/test/builders/drivers.ts';
import { listenForChargePoints } from '../../server/src/test/charge-points.ts';
import { bearer, signIn, useTestApp } from '../../server/src/test/test-app.ts';

/* `npm run simulate` as a person runs it, against the real server in this process. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ctx = useTestApp();
let url: string;
let manager: { email: string; password: string };

beforeAll(async () => {
  url = (await listenForChargePoints(ctx)).replace(/^ws/, 'http').replace(/\/ocpp$/, '');
  manager = await aManager(ctx.database);
});

/** The CLI as the npm script starts it; settles with its exit code and output. */
function simulate(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  return new Promise((resolve) => {
    execFile(
      tsx,
      ['--conditions=source', 'apps/simulator/src/cli.ts', ...args],
      { cwd: root, env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run simulate', () => {
  it('creates its stations, charges the drivers it finds, prints its summary and closes cleanly after --duration', async () => {
    await aDriver(ctx.database, { balanceTyiyn: 100_000, idTags: ['CLI-TAG-1'] });
    const args = ['--url', url, '--create', '--stations', '2', '--identity-prefix', 'CLI-', '--sessions', '1'].concat([
      '--session-seconds',
      '1',
      '--meter-interval',
      '0.5',
      '--duration',
      '3',
    ]);

    const run = await simulate(args, { SIMULATOR_EMAIL: manager.email, SIMULATOR_PASSWORD: manager.password });

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Simulating 2 station(s) (CLI-0001..) against ws://127.0.0.1:');
    expect(run.stdout).toContain('1 session(s) at a time, 1 s each, with 1 id tag(s)');
    expect(run.stdout).toMatch(
      /^2\/2 connected · 2 booted · [01] charging · [\d,]+ calls sent · 0 commands · \d+ sessions done · 0 errors$/m,
    );
    expect(run.stdout).toMatch(
      /^Stopped: [\d,]+ calls sent, 0 commands answered, [1-9]\d* sessions done, 0 errors\.$/m,
    );
    const auth = bearer((await signIn(ctx.app, manager.email, manager.password)).access);
    const charges = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/users/transactions/?status=finished', headers: auth })
    ).json<Paged<ChargeListItem>>();
    expect(charges.items.filter((charge) => charge.id_tag === 'CLI-TAG-1').length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a remote server and a wrong flag with the reason and the usage', async () => {
    const remote = await simulate(['--url', 'http://192.0.2.1:8080', '--password', 'Abcdefgh12345678']);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain('--url 192.0.2.1 is not this machine');
    expect(remote.stderr).toContain('Usage: npm run simulate -- [flags]');
  });
});
