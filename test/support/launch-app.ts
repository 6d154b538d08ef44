/**
 * Runs the app as `npm start` does, on a port and a local state folder of the caller's, with
 * its output in a log file; answers a function that stops it. `build: false` serves the SPA
 * already built; `restart: true` starts it again over the state and bundle of a launch before.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

export async function launchApp(
  port: number,
  stateDir: string,
  logPath: string,
  { build = true, restart = false } = {},
) {
  const log = createWriteStream(logPath, { flags: 'a' });
  const server = spawn('node', ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      WRANGLER_PERSIST_DIR: stateDir,
      SKIP_BUILD: build ? '' : '1',
      RESTART: restart ? '1' : '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  const url = `http://localhost:${port}/api/auth/login/current`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited early; see ${logPath}`);
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 401) {
      return async () => {
        if (server.exitCode !== null || !server.pid) return;
        const exited = new Promise((resolve) => server.once('exit', resolve));
        process.kill(-server.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the app did not answer on ${url} in time; see ${logPath}`);
}
