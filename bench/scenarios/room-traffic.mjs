/**
 * The fan-out scenarios (one busy room, one big room, many rooms): the same people, rooms and
 * load against our app, then against the baseline. The big room's connect phase, everyone at
 * once, is the connect storm.
 */
import { sleep } from '../lib/async.mjs';
import { connectAll } from '../load/connect.mjs';
import { runTraffic } from '../load/traffic.mjs';
import { createRooms } from '../setup/population.mjs';

export async function roomTraffic(name, spec, { users, targets, config }) {
  const groups = Array.from({ length: spec.rooms }, (_, r) =>
    users.slice(r * spec.members, (r + 1) * spec.members),
  );
  const roomIds = await createRooms(spec.title, groups, config.setupConcurrency);
  const results = {};
  for (const target of targets) {
    console.log(`  ${spec.title}: ${target.name}`);
    results[target.name] = await runOn(target, spec, groups, roomIds, config);
  }
  return rows(spec, results);
}

async function runOn(target, spec, groups, roomIds, config) {
  const members = groups.flatMap((group, r) => group.map((user) => ({ user, roomId: roomIds[r] })));
  const connect = await connectAll(target, members, {
    concurrency: spec.connectConcurrency,
    timeoutMs: config.joinTimeoutMs,
  });
  const ms = (value) => `${Math.round(value)} ms`;
  console.log(
    `    ${connect.clients.length}/${members.length} joined in ${ms(connect.totalMs)}` +
      ` (p50 ${ms(connect.joinMs.p50)}, p99 ${ms(connect.joinMs.p99)})` +
      (connect.failures ? `; first failure: ${connect.firstError}` : ''),
  );
  const rooms = roomIds.map((roomId) => {
    const joined = connect.clients.filter((client) => client.roomId === roomId);
    return { members: joined, senders: joined.slice(0, spec.senders) };
  });
  try {
    const traffic = await runTraffic(rooms, {
      rate: spec.rate,
      durationMs: spec.durationMs,
      drainMs: config.drainMs,
    });
    console.log(
      `    sent ${traffic.sent}, refused ${traffic.refused}, received ${traffic.received}` +
        (traffic.refusal ? ` (refusal: ${traffic.refusal})` : '') +
        (traffic.dropped ? `, ${traffic.dropped} sockets dropped by the server` : ''),
    );
    return { connect, traffic };
  } finally {
    for (const client of connect.clients) client.close();
    // Let the server take the leaves before the next measurement starts.
    await sleep(config.settleMs);
  }
}

function rows(spec, results) {
  const pick = (fn) => ({ ours: fn(results.ours), baseline: fn(results.baseline) });
  const list = [
    { metric: 'delivered msgs/s', better: 'higher', ...pick((r) => r.traffic.perSecond) },
    { metric: 'p50 latency ms', ...pick((r) => r.traffic.latency.p50) },
    { metric: 'p99 latency ms', ...pick((r) => r.traffic.latency.p99) },
    { metric: 'max latency ms', ...pick((r) => r.traffic.latency.max) },
    { metric: 'lost', ...pick((r) => r.traffic.lost) },
    { metric: 'out of order', ...pick((r) => r.traffic.outOfOrder) },
    { metric: 'sends refused', ...pick((r) => r.traffic.refused) },
  ];
  const scenarioRows = list.map((row) => ({ scenario: spec.title, ...row }));
  if (!spec.storm) return scenarioRows;
  const storm = `connect storm (${spec.members} at once)`;
  return [
    ...scenarioRows,
    { scenario: storm, metric: 'time to all joined ms', ...pick((r) => r.connect.totalMs) },
    { scenario: storm, metric: 'p50 join ms', ...pick((r) => r.connect.joinMs.p50) },
    { scenario: storm, metric: 'failed joins', ...pick((r) => r.connect.failures) },
  ];
}
