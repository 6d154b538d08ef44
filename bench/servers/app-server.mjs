/**
 * Our app exactly as `npm start` serves it (build, migrations, Miniflare on workerd), on its
 * own port with a throwaway database (lib/state-dir.mjs), so a run never touches .wrangler/state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stateDir } from '../lib/state-dir.mjs';
import { spawnServer, waitReady } from './child-process.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY_TIMEOUT_MS = 240_000;

export async function startApp({ host, port, inspector = false }) {
  const persistDir = mkdtempSync(join(stateDir(), 'chat-bench-'));
  const server = spawnServer('the app (npm start)', ['scripts/start.mjs'], {
    cwd: ROOT,
    // start.mjs runs vite and wrangler by name, as under `npm run`, even when run bare.
    env: {
      PORT: String(port),
      WRANGLER_PERSIST_DIR: persistDir,
      // The D1 meter (worker/db/d1-meter.ts, read by lib/d1-meter.mjs): off unless set.
      D1_METER: '1',
      // --profile: workerd's inspector, on a port the profiler finds among the server's.
      ...(inspector ? { INSPECTOR_PORT: String(port + 100) } : {}),
      PATH: `${join(ROOT, 'node_modules', '.bin')}${delimiter}${process.env.PATH}`,
    },
    logName: 'chat-bench-app',
  });
  const origin = `http://${host}:${port}`;
  const stop = async () => {
    await server.stop();
    rmSync(persistDir, { recursive: true, force: true });
  };
  try {
    // 401 from the session check means the worker, D1 and the migrations are all there.
    await waitReady(
      server,
      async () => {
        const response = await fetch(`${origin}/api/auth/login/current`, {
          signal: AbortSignal.timeout(2000),
        });
        return response.status === 401;
      },
      READY_TIMEOUT_MS,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    name: 'ours',
    origin,
    host,
    port,
    stop,
    pid: server.child.pid,
    logFile: server.logFile,
    persistDir,
  };
}
