// `npm start`: build the SPA, bring the local database up to date, serve the whole app.
import { applyLocalMigrations, ensureDevVars, persistFlags, run } from './lib/local-setup.mjs';
import { serveLocally } from './lib/serve-local.mjs';

const port = process.env.PORT || '8787';

ensureDevVars();
// SKIP_BUILD=1 serves the SPA already in dist/client (tests that restart the server use it).
if (!process.env.SKIP_BUILD) await run('vite', ['build']);
// RESTART=1 is a server started again over its own state (tests that restart the server, as a
// deploy would): the database is migrated and the worker bundled already, 8 s saved.
const restart = Boolean(process.env.RESTART);
if (!restart) await applyLocalMigrations();
if (process.env.WRANGLER_DEV) {
  // The same app under `wrangler dev` (with its reload proxy), for comparison or debugging.
  await run('wrangler', [
    'dev',
    '--port',
    port,
    '--show-interactive-dev-session=false',
    ...persistFlags,
  ]);
} else {
  await serveLocally({ port, persistDir: process.env.WRANGLER_PERSIST_DIR, rebundle: !restart });
  console.log(`Serving the app at http://localhost:${port}`);
}
