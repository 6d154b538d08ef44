/**
 * The fan-out scenarios (one busy room, one big room, many rooms): the same people, rooms and
 * load against our app, then against the baseline.
 */
import { cpuSince, groupCpu } from '../lib/cpu.mjs';
import { startProfile } from '../lib/profiler.mjs';
import { connectAll } from '../load/connect.mjs';
import { runTraffic } from '../load/traffic.mjs';
import { prepareRooms, settle } from './prepare.mjs';

export async function roomTraffic(spec, { users, targets, config }) {
  const members = await prepareRooms(spec, users, config);
  const results = {};
  for (const target of targets) {
    console.log(`  ${spec.title}: ${target.name}`);
    results[target.name] = await runOn(target, spec, members, config);
  }
  return rows(spec, results);
}

async function runOn(target, spec, members, config) {
  await settle(target);
  const connect = await connectAll(target, members, {
    concurrency: spec.connectConcurrency,
    timeoutMs: config.joinTimeoutMs,
  });
  const byRoom = new Map();
  for (const client of connect.clients) {
    byRoom.set(client.roomId, [...(byRoom.get(client.roomId) ?? []), client]);
  }
  const rooms = [...byRoom.values()].map((joined) => ({
    members: joined,
    senders: joined.slice(0, spec.senders),
  }));
  try {
    const stopProfile =
      config.profile && target.name === 'ours' ? await startProfile(target.pid) : null;
    const cpuBefore = groupCpu(target.pid);
    const ownCpu = process.cpuUsage();
    const traffic = await runTraffic(rooms, {
      rate: spec.rate,
      durationMs: spec.durationMs,
      drainMs: config.drainMs,
    });
    traffic.cpuMs = cpuSince(target.pid, cpuBefore);
    const { user, system } = process.cpuUsage(ownCpu);
    console.log(
      `    sent ${traffic.sent}, refused ${traffic.refused}, received ${traffic.received}` +
        ` of ${traffic.expected}, drained ${Math.round(traffic.drainedMs)} ms` +
        (traffic.refusal ? ` (refusal: ${traffic.refusal})` : '') +
        (traffic.dropped ? `, ${traffic.dropped} sockets dropped by the server` : '') +
        `; load generator ${Math.round((user + system) / 1000)} ms CPU,` +
        ` event loop delay p99 ${traffic.loopDelayP99.toFixed(1)} ms`,
    );
    await stopProfile?.(spec.title);
    return traffic;
  } finally {
    for (const client of connect.clients) client.close();
  }
}

function rows(spec, results) {
  const pick = (fn) => ({ ours: fn(results.ours), baseline: fn(results.baseline) });
  return [
    { metric: 'delivered msgs/s', ...pick((r) => r.perSecond) },
    { metric: 'p50 latency ms', ...pick((r) => r.latency.p50) },
    { metric: 'p99 latency ms', ...pick((r) => r.latency.p99) },
    { metric: 'max latency ms', ...pick((r) => r.latency.max) },
    { metric: 'lost', ...pick((r) => r.lost) },
    { metric: 'out of order', ...pick((r) => r.outOfOrder) },
    { metric: 'sends refused', ...pick((r) => r.refused) },
    { metric: 'server CPU ms', ...pick((r) => r.cpuMs) },
  ].map((row) => ({ scenario: spec.title, ...row }));
}
