import { defineConfig } from 'vitest/config';

// One `npm test` runs every unit and API suite; end-to-end specs have their own config (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
