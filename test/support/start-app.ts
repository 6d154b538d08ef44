/**
 * Playwright global setup: runs `npm start`'s script on a test port with a fresh local state
 * folder, writes its output to a log (the [mail] lines live there), and stops it afterwards.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { BROWSER_TEST_PORT } from '../../playwright.config';
import { SERVER_LOG, STATE_DIR } from './paths';

export default async function startApp() {
  rmSync(STATE_DIR, { recursive: true, force: true });
  mkdirSync(STATE_DIR, { recursive: true });
  const log = createWriteStream(SERVER_LOG);
  const server = spawn('node', ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(BROWSER_TEST_PORT), WRANGLER_PERSIST_DIR: STATE_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  await waitForServer(`http://localhost:${BROWSER_TEST_PORT}/api/auth/login/current`, server);
  return async () => {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  };
}

async function waitForServer(url: string, server: ReturnType<typeof spawn>) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited early; see ${SERVER_LOG}`);
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 401) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the app did not answer on ${url} in time; see ${SERVER_LOG}`);
}
