/**
 * Serves the app on workerd through Miniflare, the engine `wrangler dev` drives, but without
 * wrangler dev's reload proxy: that proxy is a second workerd process which every request and
 * every WebSocket frame crosses, and under chat load it cost about a third of the server's CPU
 * (bench/README.md). The worker is bundled exactly as `wrangler deploy` bundles it, the
 * bindings, assets and secrets come from wrangler.toml and .dev.vars through wrangler's own
 * translation, and the state lives where `wrangler dev` and `wrangler d1 --local` keep it.
 *
 * The app's port is a socket of workerd itself, opened on the local edge worker
 * (local-edge.js), which runs with the app's compatibility flags and hands every request to
 * the app: no Node process sits between clients and workerd.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { run } from './local-setup.mjs';

const BUNDLE_DIR = '.wrangler/serve';
const APP_NAME = 'chat-rooms';
const EDGE = fileURLToPath(new URL('./local-edge.js', import.meta.url));

export async function serveLocally({ port, host = '127.0.0.1', persistDir }) {
  await run('wrangler', ['deploy', '--dry-run', '--outdir', BUNDLE_DIR], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
  const bundle = resolve(BUNDLE_DIR, 'index.js');
  const meter = process.env.D1_METER;
  const options = {
    // Miniflare's own entry socket (its entry worker accepts any WebSocket compression a
    // client offers) stays private on a random port; the app's port is the edge's, below.
    host: '127.0.0.1',
    port: 0,
    // The folder layout of `wrangler dev --persist-to`: .../v3/d1, .../v3/do.
    resourcePersistencePath: join(persistDir ?? '.wrangler/state', 'v3'),
    log: new Log(LogLevel.INFO),
    // INSPECTOR_PORT=9229 opens workerd's inspector (DevTools, or `npm run bench -- --profile`).
    inspectorPort: process.env.INSPECTOR_PORT ? Number(process.env.INSPECTOR_PORT) : undefined,
    // The placeholder `request.cf`: fetching the real one would need the network.
    cf: false,
    workers: [
      {
        ...workerOptions,
        name: APP_NAME,
        // D1_METER=1 (only `npm run bench` sets it) turns on worker/db/d1-meter.ts.
        bindings: { ...workerOptions.bindings, ...(meter && { D1_METER: meter }) },
        modulesRoot: resolve(BUNDLE_DIR),
        modules: [{ type: 'ESModule', path: bundle, contents: readFileSync(bundle, 'utf8') }],
      },
      {
        name: 'local-edge',
        modules: [{ type: 'ESModule', path: EDGE, contents: readFileSync(EDGE, 'utf8') }],
        // The app's flags decide what the runtime does at the edge, no_web_socket_compression
        // among them, as they do in production.
        compatibilityDate: workerOptions.compatibilityDate,
        compatibilityFlags: workerOptions.compatibilityFlags,
        // A binding to a worker with assets reaches its assets router first, as requests do;
        // one that names the entrypoint reaches the worker itself, as production's
        // run_worker_first paths (/api/*, /socket.io/*) do, without the router's two hops
        // that every WebSocket frame would otherwise cross.
        serviceBindings: { APP: APP_NAME, WORKER: { name: APP_NAME, entrypoint: 'WorkerFirst' } },
        unsafeDirectSockets: [{ host, port: Number(port) }],
      },
    ],
  };
  const miniflare = new Miniflare(convertV4MiniflareOptions(options));
  await miniflare.ready;
  const stop = async () => {
    await miniflare.dispose();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return `http://localhost:${port}`;
}
