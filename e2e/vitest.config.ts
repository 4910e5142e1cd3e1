import { defineConfig } from 'vitest/config';

// End-to-end: the built app on a real server process, driven by Debian's Chromium.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    // Waits end when the user would see the thing; these are only the point at which a wait that
    // never ends is called a failure. They are generous because CI machines are shared: with two
    // CPU-bound processes beside it, a save and its list refetch can take seconds.
    testTimeout: 120_000,
    // A suite's setup starts its server (support/server.ts waits up to 150 s for it) and seeds it.
    hookTimeout: 240_000,
    // vitest's own default for expect.poll is 1 s, far less than the page waits below.
    expect: { poll: { timeout: 60_000 } },
    // Two spec files at a time, each with its own server and browser: a spec spends most of its
    // time waiting on the page, and the specs must hold on a busy machine all the same.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
