import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { isolatedServerTests } from '../../vitest.shared.ts';

// The `server` project's workers keep modules from file to file: a file that replaces a module
// must run in `server-isolated`, or its replacement would be ignored or leak into later files.
it('runs every test file that calls vi.mock in the isolated project', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const mocking = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `src/${file.split(path.sep).join('/')}`)
    .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(path.join(root, file), 'utf8')));
  expect(mocking.length).toBeGreaterThan(0);
  expect(mocking.filter((file) => !isolatedServerTests.includes(file))).toEqual([]);
});
