/**
 * Serves the app on workerd through Miniflare, the engine `wrangler dev` drives, but without
 * wrangler dev's reload proxy: that proxy is a second workerd process which every request and
 * every WebSocket frame crosses, so under chat load the bench would count the proxy's work as
 * the app's (docs/performance.md). The worker is bundled exactly as `wrangler deploy` bundles
 * it, the bindings, assets and secrets come from wrangler.toml and .dev.vars through wrangler's
 * own translation, and the state lives where `wrangler dev` and `wrangler d1 --local` keep it.
 *
 * The app's port is a socket of workerd itself, opened on the worker's LocalEdge entrypoint
 * (worker/local-edge.ts), the local stand-in for Cloudflare's edge: no Node process and no
 * other worker sits between clients and the app.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { run } from './local-setup.mjs';

const BUNDLE_DIR = '.wrangler/serve';
const APP_NAME = 'chat-rooms';

export async function serveLocally({ port, host = '127.0.0.1', persistDir, rebundle = true }) {
  if (rebundle) {
    await run('wrangler', ['deploy', '--dry-run', '--outdir', BUNDLE_DIR], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
  const bundle = resolve(BUNDLE_DIR, 'index.js');
  const meter = process.env.D1_METER;
  const options = {
    // Miniflare's own entry socket (its entry worker accepts any WebSocket compression a
    // client offers) stays private on a random port; the app's port is LocalEdge's, below.
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
        // LOCAL_PUSH_ENDPOINTS: a boolean, which no secret or .dev.vars line can be, lets
        // subscriptions name http push services on this machine (worker/push/push-config.ts).
        bindings: {
          ...workerOptions.bindings,
          LOCAL_PUSH_ENDPOINTS: true,
          ...(meter && { D1_METER: meter }),
        },
        modulesRoot: resolve(BUNDLE_DIR),
        modules: [{ type: 'ESModule', path: bundle, contents: readFileSync(bundle, 'utf8') }],
        // LocalEdge hands the paths that are not the worker's to the assets router, which is
        // what a binding to a worker with assets reaches: here, the worker itself.
        serviceBindings: { ...workerOptions.serviceBindings, LOCAL_ASSETS: APP_NAME },
        // Opened on the app worker itself, so its compatibility flags (no_web_socket_compression
        // among them) decide what the runtime does with each socket, as they do in production.
        unsafeDirectSockets: [{ host, port: Number(port), entrypoint: 'LocalEdge' }],
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
