import { defineConfig } from 'vitest/config';

// End-to-end: the built app on a real server process, driven by Debian's Chromium.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: one browser and one server at a time keeps timings honest.
    fileParallelism: false,
  },
});
