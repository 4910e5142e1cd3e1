import { defineProject } from 'vitest/config';
import { isolatedServerTests, serverTestOptions } from './vitest.shared.ts';

/** The server's test files that need a fresh module graph and process state of their own (vitest.shared.ts). */
export default defineProject({
  ...serverTestOptions,
  test: { ...serverTestOptions.test, name: 'server-isolated', include: isolatedServerTests, isolate: true },
});
