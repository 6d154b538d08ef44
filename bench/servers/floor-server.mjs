/** Starts the workerd floor (floor/serve.mjs) as a child process on its own port (`--floor`). */
import { fileURLToPath } from 'node:url';
import { spawnServer, waitReady } from './child-process.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./floor/serve.mjs', import.meta.url));

export async function startFloor({ host, port }) {
  const server = spawnServer('the workerd floor', [SCRIPT], {
    cwd: ROOT, // serve.mjs reads the app's compatibility settings from wrangler.toml
    env: { PORT: String(port) },
    logName: 'chat-bench-floor',
  });
  try {
    await waitReady(server, async () => server.output().includes('floor listening'), 60_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    name: 'floor',
    origin: `http://${host}:${port}`,
    host,
    port,
    stop: () => server.stop(),
    pid: server.child.pid,
    logFile: server.logFile,
  };
}
