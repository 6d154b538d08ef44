import { defineConfig } from 'drizzle-kit';

// drizzle-kit writes plain SQL files that `wrangler d1 migrations apply` understands.
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema.ts',
  out: './migrations',
});
