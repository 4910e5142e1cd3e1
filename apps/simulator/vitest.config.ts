import { defineProject } from 'vitest/config';

// The simulator's tests drive the real server in-process, so they share its database setup.
export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'simulator',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['../server/src/test/global-setup.ts'],
    setupFiles: ['../server/src/test/wait-defaults.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
