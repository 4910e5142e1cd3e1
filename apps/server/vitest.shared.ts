/*
 * What the server's two test projects share. `server` runs its files in workers that keep their
 * modules between files; `server-isolated` gives each of the files below a fresh module graph:
 * they replace a module with vi.mock (which a shared module cache would not honour, and whose
 * replacement would leak into later files), or measure the process's memory.
 */
export const isolatedServerTests = [
  'src/lib/uploads-memory.test.ts',
  'src/modules/charges/charges-export.test.ts',
  'src/modules/drivers/ledger-export.test.ts',
  'src/modules/promotions/promotion-report.test.ts',
];

export const serverTestOptions = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    environment: 'node' as const,
    globalSetup: ['src/test/global-setup.ts'],
    // vi.waitFor's project default (src/test/wait-defaults.ts); the builders' numbers from 1 in each file.
    setupFiles: ['src/test/wait-defaults.ts', 'src/test/per-file.ts'],
    // Each file opens its own database (PGlite in memory, or a fresh database on TEST_DATABASE_URL).
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
};
