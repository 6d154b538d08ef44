/** Starts the workerd floor (floor/serve.mjs) as a child process on its own port (`--floor`). */
import { fileURLToPath } from 'node:url';
import { startScriptServer } from './child-process.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./floor/serve.mjs', import.meta.url));

export function startFloor({ host, port }) {
  return startScriptServer({
    name: 'floor',
    label: 'the workerd floor',
    script: SCRIPT,
    // serve.mjs reads the app's compatibility settings from wrangler.toml.
    cwd: ROOT,
    host,
    port,
    readyText: 'floor listening',
    readyTimeoutMs: 60_000,
  });
}
