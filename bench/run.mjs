/**
 * `npm run bench`: starts our app (as `npm start` does, with a throwaway database) and the
 * Socket.IO baseline, drives both with the same raw-WebSocket clients, prints the table, stops
 * both and exits. See bench/README.md for the scenarios and the knobs.
 */
import { cpus, totalmem } from 'node:os';
import { loadConfig } from './config.mjs';
import { formatTable } from './report/table.mjs';
import { broadcastToAll } from './scenarios/broadcast.mjs';
import { roomCapacity } from './scenarios/capacity.mjs';
import { httpApi } from './scenarios/http-api.mjs';
import { lighthouseScores } from './scenarios/lighthouse.mjs';
import { connectStorm } from './scenarios/connect-storm.mjs';
import { roomTraffic } from './scenarios/room-traffic.mjs';
import { startApp } from './servers/app-server.mjs';
import { startBaseline } from './servers/baseline-server.mjs';
import { startFloor, startPeer } from './servers/floor-server.mjs';
import { createUsers } from './setup/population.mjs';

const SCENARIOS = {
  busy: roomTraffic,
  'busy-deflate': roomTraffic,
  verbs: roomTraffic,
  big: roomTraffic,
  many: roomTraffic,
  capacity: roomCapacity,
  storm: connectStorm,
  'storm-ticket': connectStorm,
  'storm-rooms': connectStorm,
  'storm-rooms-evicted': connectStorm,
  broadcast: broadcastToAll,
  http: httpApi,
  lighthouse: lighthouseScores,
};

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(2);
}
const servers = [];

// Whatever happens, the servers (process groups) do not outlive the run.
const killServers = () => {
  for (const server of servers) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
};
process.on('exit', killServers);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const deadline = setTimeout(() => {
  console.error(`bench: stopped after ${config.deadlineMs} ms (BENCH_DEADLINE_MS)`);
  process.exit(1);
}, config.deadlineMs);

function target(server) {
  const base = `ws://${server.host}:${server.port}/socket.io/?EIO=4&transport=websocket&room=`;
  return {
    name: server.name,
    origin: server.origin,
    pid: server.pid,
    // Ours only: its throwaway state, where `npm run make-admin` finds its database.
    persistDir: server.persistDir,
    wsUrl: (roomId) => base + encodeURIComponent(roomId),
    headers: (user) => ({ Cookie: user.cookie, 'CF-Connecting-IP': user.ip }),
  };
}

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
console.log(
  `bench: ${config.selected.join(', ')}; scale ${config.scale}, time scale ${config.timeScale}`,
);

let exitCode = 0;
try {
  console.log(
    `starting the app on :${config.port} and the baseline on :${config.baselinePort}` +
      (config.floor
        ? `, the workerd floor on :${config.floorPort} and the peer on :${config.peerPort}`
        : ''),
  );
  const outcomes = await Promise.allSettled([
    startApp({ host: config.host, port: config.port, inspector: config.profile }),
    startBaseline({ host: config.host, port: config.baselinePort }),
    ...(config.floor
      ? [
          startFloor({ host: config.host, port: config.floorPort }),
          startPeer({ host: config.host, port: config.peerPort }),
        ]
      : []),
  ]);
  for (const outcome of outcomes) if (outcome.status === 'fulfilled') servers.push(outcome.value);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  console.log(`${servers.map((server) => server.name).join(', ')} up after ${elapsed()}`);
  const targets = servers.map(target);
  // The people are registered in our app; the other servers take anyone.
  const app = /** @type {any} */ (servers[0]);
  const users = await createUsers(app.origin, config.users, config.setupConcurrency);

  const rows = [];
  for (const name of config.selected) {
    console.log(`${config.scenarios[name].title} (${elapsed()})`);
    const context = { users, targets, config };
    const spec = config.scenarios[name];
    try {
      rows.push(...(await SCENARIOS[name](spec, context)));
    } catch (/** @type {any} */ error) {
      // One broken scenario still leaves the others' figures worth printing.
      console.error(`  ${spec.title} failed: ${error.stack ?? error}`);
      rows.push({ scenario: spec.title, metric: `failed: ${error.message.slice(0, 60)}` });
      exitCode = 1;
    }
  }

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `\n${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version};` +
      ` scale ${config.scale}, time scale ${config.timeScale}; run took ${elapsed()}\n`,
  );
  console.log(formatTable(rows));
  const missed = rows.filter((row) => row.pass === false);
  if (missed.length > 0) {
    console.log(`\n${missed.length} figure(s) below target`);
    exitCode = 1;
  }
  console.log(`\nserver logs: ${servers.map((server) => server.logFile).join(', ')}`);
} catch (/** @type {any} */ error) {
  console.error(`bench failed: ${error.stack ?? error}`);
  exitCode = 1;
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  clearTimeout(deadline);
}
process.exit(exitCode);
