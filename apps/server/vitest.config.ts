import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // vi.waitFor's project default (src/test/wait-defaults.ts).
    setupFiles: ['src/test/wait-defaults.ts'],
    // Each file opens its own database (PGlite in memory, or a fresh database on TEST_DATABASE_URL).
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
