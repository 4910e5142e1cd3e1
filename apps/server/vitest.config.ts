import { defineProject } from 'vitest/config';
import { isolatedServerTests, serverTestOptions } from './vitest.shared.ts';

/*
 * Time, measured on two cores: importing the app (Fastify, drizzle, the contracts) afresh for each
 * of ~140 files cost about a third of the run. A worker now keeps its modules from file to file;
 * each file still opens its own database and app. The files listed in vitest.shared.ts, which
 * replace modules or measure the process, run isolated (vitest.isolated.config.ts).
 */
export default defineProject({
  ...serverTestOptions,
  test: {
    ...serverTestOptions.test,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: isolatedServerTests,
    isolate: false,
  },
});
