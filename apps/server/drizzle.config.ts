import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config apps/server/drizzle.config.ts` writes reviewed SQL into drizzle/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/*.ts',
  out: './apps/server/drizzle',
});
