/**
 * Serves the app on workerd through Miniflare, the engine `wrangler dev` drives, but without
 * wrangler dev's reload proxy: that proxy is a second workerd process which every request and
 * every WebSocket frame crosses, and under chat load it cost about a third of the server's CPU
 * (bench/README.md). The worker is bundled exactly as `wrangler deploy` bundles it, the
 * bindings, assets and secrets come from wrangler.toml and .dev.vars through wrangler's own
 * translation, and the state lives where `wrangler dev` and `wrangler d1 --local` keep it.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { run } from './local-setup.mjs';
import { startNoDeflateProxy } from './no-deflate-proxy.mjs';

const BUNDLE_DIR = '.wrangler/serve';

export async function serveLocally({ port, host = '127.0.0.1', persistDir }) {
  await run('wrangler', ['deploy', '--dry-run', '--outdir', BUNDLE_DIR], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
  const bundle = resolve(BUNDLE_DIR, 'index.js');
  const options = {
    // workerd listens on a private port; the no-deflate proxy (below) on the app's.
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
        name: 'chat-rooms',
        modulesRoot: resolve(BUNDLE_DIR),
        modules: [{ type: 'ESModule', path: bundle, contents: readFileSync(bundle, 'utf8') }],
      },
    ],
  };
  const miniflare = new Miniflare(convertV4MiniflareOptions(options));
  const inner = await miniflare.ready;
  const proxy = await startNoDeflateProxy({
    host,
    port: Number(port),
    targetPort: Number(inner.port),
  });
  const stop = async () => {
    proxy.close();
    await miniflare.dispose();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return `http://localhost:${port}`;
}
