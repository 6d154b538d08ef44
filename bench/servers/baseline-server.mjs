/** Starts the baseline (baseline.mjs) as a child process on its own port. */
import { fileURLToPath } from 'node:url';
import { startScriptServer } from './child-process.mjs';

const SCRIPT = fileURLToPath(new URL('./baseline.mjs', import.meta.url));

export function startBaseline({ host, port }) {
  return startScriptServer({
    name: 'baseline',
    label: 'the Socket.IO baseline',
    script: SCRIPT,
    host,
    port,
    readyText: 'baseline listening',
    readyTimeoutMs: 20_000,
  });
}
