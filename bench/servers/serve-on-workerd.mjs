/**
 * Serves one of the bench's bare Durable Object servers (floor/worker.js or peer/worker.js) the
 * way the app is served: Miniflare on workerd, the app's compatibility date and flags, and the
 * port a socket of workerd opened on that worker itself, as `npm start` opens ours on its
 * LocalEdge entrypoint. Behind Miniflare's own entry worker every frame would cross one worker
 * boundary more than ours does, and that entry worker accepts permessage-deflate, which ours
 * refuses. Run as its own process: `PORT=8892 node bench/servers/serve-on-workerd.mjs floor`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

/** Each server's worker and its room class (one object per room, SQLite-backed as ours is). */
const SERVERS = {
  floor: { worker: './floor/worker.js', className: 'FloorRoom' },
  peer: { worker: './peer/worker.js', className: 'PeerRoom' },
};

const name = process.argv[2] ?? 'floor';
const server = SERVERS[/** @type {keyof typeof SERVERS} */ (name)];
if (!server) throw new Error(`unknown server ${name}: ${Object.keys(SERVERS).join(' or ')}`);
const WORKER = fileURLToPath(new URL(server.worker, import.meta.url));
const port = Number(process.env.PORT ?? 8892);
const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');

const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    // Miniflare's own entry socket stays private on a random port.
    host: '127.0.0.1',
    port: 0,
    log: new Log(LogLevel.WARN),
    cf: false,
    workers: [
      {
        name,
        modules: [{ type: 'ESModule', path: WORKER, contents: readFileSync(WORKER, 'utf8') }],
        compatibilityDate: /** @type {string} */ (workerOptions.compatibilityDate),
        compatibilityFlags: /** @type {string[]} */ (workerOptions.compatibilityFlags),
        durableObjects: { ROOMS: { className: server.className, useSQLite: true } },
        unsafeDirectSockets: [{ host: '127.0.0.1', port }],
      },
    ],
  }),
);
await miniflare.ready;
console.log(`${name} listening on ${port}`);
const stop = async () => {
  await miniflare.dispose();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
