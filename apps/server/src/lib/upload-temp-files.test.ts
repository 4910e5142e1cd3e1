import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { removeStaleIncoming } from './upload-temp-files.ts';

it('removes at start what a stopped run left in the incoming folder, not an upload still arriving', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evcms-incoming-'));
  await writeFile(path.join(dir, 'left-behind'), 'x');
  await writeFile(path.join(dir, 'arriving'), 'x');
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  await utimes(path.join(dir, 'left-behind'), twoHoursAgo, twoHoursAgo);
  await removeStaleIncoming(dir);
  expect(await readdir(dir)).toEqual(['arriving']);
  await rm(dir, { recursive: true });
});
