import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `npm test` runs every unit and API suite; end-to-end specs have their own config (e2e/).
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker, which runs every file one after another.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/server/vitest.isolated.config.ts',
      'apps/web',
      'apps/simulator',
      // Tests of the repository's own tooling (lint rules, scripts, benchmarks' plain logic).
      // Their first lint loads ESLint's config and plugins: over vitest's 5 s default on a busy
      // two-core machine (6-7 s at a load average of 20).
      {
        test: {
          name: 'repo',
          include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
  },
});
