import { applyD1Migrations, env } from 'cloudflare:test';

// Runs before each test file: the same SQL files wrangler applies locally and on deploy.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
