import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../db/migrations.ts';
import { builtFolder, serverFolder } from './server-folder.ts';

/* The built server's bundle (dist/bundle/main.js) is run by the end-to-end tests and the release check. */
describe('the server folder', () => {
  it('is apps/server, from the sources too, and the sources are not the built server', () => {
    expect(path.basename(serverFolder)).toBe('server');
    expect(existsSync(path.join(serverFolder, 'package.json'))).toBe(true);
    expect(existsSync(path.join(migrationsFolder, 'meta', '_journal.json'))).toBe(true);
    expect(builtFolder).toBeUndefined();
  });
});
