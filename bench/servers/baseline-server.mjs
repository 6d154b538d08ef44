/** Starts the baseline (baseline.mjs) as a child process on its own port. */
import { fileURLToPath } from 'node:url';
import { spawnServer, waitReady } from './child-process.mjs';

const SCRIPT = fileURLToPath(new URL('./baseline.mjs', import.meta.url));

export async function startBaseline({ host, port }) {
  const server = spawnServer('the Socket.IO baseline', [SCRIPT], {
    env: { PORT: String(port) },
    logName: 'chat-bench-baseline',
  });
  try {
    await waitReady(server, async () => server.output().includes('baseline listening'), 20_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    name: 'baseline',
    origin: `http://${host}:${port}`,
    host,
    port,
    stop: () => server.stop(),
    pid: server.child.pid,
    logFile: server.logFile,
  };
}
