/**
 * npm run conformance:serve: the bare Socket.IO layer (worker/socket-io/conformance/fixture.ts) on port
 * 3000 at /socket.io/ and /engine.io/, with the settings of the socket.io team's protocol test
 * suites, which can then be run against it (docs/realtime.md, "Conformance"). Served by
 * Miniflare directly, like npm start: wrangler dev's reload proxy in front of workerd was seen to
 * drop a server's close frame on a socket that had not spoken yet. `-- --hibernate` serves hibernatable sockets,
 * as the app's rooms have (the fixture explains why that is not the default).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { run } from './lib/local-setup.mjs';

const ENTRY = 'worker/socket-io/conformance/fixture.ts';
const OUT = '.wrangler/conformance-bundle';
const port = Number(process.env.PORT ?? 3000);
const hibernate = process.argv.includes('--hibernate');

const bundle = resolve(OUT, 'worker.js');
await run('esbuild', [
  ENTRY,
  '--bundle',
  '--format=esm',
  '--platform=browser',
  '--conditions=workerd,worker,browser',
  '--external:cloudflare:*',
  '--external:node:*',
  `--outfile=${bundle}`,
  '--log-level=warning',
]);
const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    host: '127.0.0.1',
    port,
    log: new Log(LogLevel.INFO),
    cf: false,
    workers: [
      {
        name: 'socket-io-conformance',
        modules: [{ type: 'ESModule', path: bundle, contents: readFileSync(bundle, 'utf8') }],
        modulesRoot: resolve(OUT),
        compatibilityDate: '2026-11-01',
        compatibilityFlags: [
          'nodejs_compat',
          'no_web_socket_compression',
          'no_nodejs_global_timers',
        ],
        bindings: { HIBERNATE: hibernate ? '1' : '0' },
        durableObjects: {
          SOCKET_IO: { className: 'SocketIoFixture', useSQLite: true },
          ENGINE_IO: { className: 'EngineIoFixture', useSQLite: true },
        },
      },
    ],
  }),
);
await miniflare.ready;
console.log(
  `Socket.IO conformance fixture on http://localhost:${port} (/socket.io/, /engine.io/),` +
    ` ${hibernate ? 'hibernatable' : 'accepted'} sockets`,
);
const stop = async () => {
  await miniflare.dispose();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
