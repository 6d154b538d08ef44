/**
 * Starts the bench's servers on workerd (serve-on-workerd.mjs), each as a child process on its
 * own port (`--floor`): the floor, the least a Durable Object can do, and the peer, the way
 * Cloudflare's chat demo builds a room.
 */
import { fileURLToPath } from 'node:url';
import { startScriptServer } from './child-process.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./serve-on-workerd.mjs', import.meta.url));

/** @param {{ host: string, port: number }} where */
export const startFloor = (where) => startOnWorkerd('floor', 'the workerd floor', where);
/** @param {{ host: string, port: number }} where */
export const startPeer = (where) => startOnWorkerd('peer', "the chat demo's way (peer)", where);

function startOnWorkerd(name, label, { host, port }) {
  return startScriptServer({
    name,
    label,
    script: SCRIPT,
    args: [name],
    // serve-on-workerd.mjs reads the app's compatibility settings from wrangler.toml.
    cwd: ROOT,
    host,
    port,
    readyText: `${name} listening`,
    readyTimeoutMs: 60_000,
  });
}
