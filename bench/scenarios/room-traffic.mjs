/**
 * The fan-out scenarios (one busy room, with and without clients offering compression, one big
 * room, many rooms): the same people, rooms and load against our app and the baseline, in
 * alternating rounds (lib/rounds.mjs).
 */
import { cpuSince, groupCpu } from '../lib/cpu.mjs';
import { d1PerUnit, describeD1, settledD1Totals } from '../lib/d1-meter.mjs';
import { startProfile } from '../lib/profiler.mjs';
import { figures, inRounds } from '../lib/rounds.mjs';
import { connectAll } from '../load/connect.mjs';
import { runTraffic } from '../load/traffic.mjs';
import { prepareRooms } from './prepare.mjs';

export async function roomTraffic(spec, { users, targets, config }) {
  const members = await prepareRooms(spec, users, config);
  const results = await inRounds(config.rounds, targets, (target, round) =>
    runOn(target, spec, members, { ...config, profile: config.profile && round === 0 }),
  );
  return rows(spec, results);
}

// inRounds starts each pass once every server is idle.
async function runOn(target, spec, members, config) {
  const connect = await connectAll(target, members, {
    concurrency: spec.connectConcurrency,
    timeoutMs: config.joinTimeoutMs,
    offerDeflate: spec.offerDeflate,
  });
  const compressed = connect.clients.filter((client) => client.compressed).length;
  const byRoom = new Map();
  for (const client of connect.clients) {
    byRoom.set(client.roomId, [...(byRoom.get(client.roomId) ?? []), client]);
  }
  const rooms = [...byRoom.values()].map((joined) => ({
    members: joined,
    senders: joined.slice(0, spec.senders),
  }));
  try {
    const ours = target.name === 'ours';
    // After the joins' own D1 work, so that only the messages' is counted.
    const d1Before = ours ? await settledD1Totals(target.origin) : null;
    const stopProfile = config.profile && ours ? await startProfile(target.pid) : null;
    const cpuBefore = groupCpu(target.pid);
    const ownCpu = process.cpuUsage();
    const traffic = await runTraffic(rooms, {
      rate: spec.rate,
      durationMs: spec.durationMs,
      drainMs: config.drainMs,
      verbShare: spec.verbShare,
    });
    traffic.cpuMs = cpuSince(target.pid, cpuBefore);
    const { user, system } = process.cpuUsage(ownCpu);
    console.log(
      `    sent ${traffic.sent}, refused ${traffic.refused}, received ${traffic.received}` +
        (spec.verbShare
          ? ` (and ${traffic.verbsSent} verbs, ${traffic.verbsRefused} refused)`
          : '') +
        ` of ${traffic.expected} (p50 ${(traffic.latency.p50 ?? NaN).toFixed(2)} ms,` +
        ` p99 ${(traffic.latency.p99 ?? NaN).toFixed(2)} ms), drained ${Math.round(traffic.drainedMs)} ms` +
        (traffic.refusal ? ` (refusal: ${traffic.refusal})` : '') +
        (traffic.dropped ? `, ${traffic.dropped} sockets dropped by the server` : '') +
        `; load generator ${Math.round((user + system) / 1000)} ms CPU,` +
        ` event loop delay p99 ${traffic.loopDelayP99.toFixed(1)} ms`,
    );
    const seconds = traffic.p99BySecond.map((p99) => (p99 ?? NaN).toFixed(1)).join(' ');
    console.log(`    p99 ms by second of sending: ${seconds}`);
    await stopProfile?.(spec.title);
    // Includes the summary the room objects write to D1 after the last message.
    const d1 = d1Before
      ? d1PerUnit(d1Before, await settledD1Totals(target.origin), traffic.sent - traffic.refused)
      : undefined;
    if (d1 !== undefined) console.log(describeD1(d1, 'messages stored'));
    return { ...traffic, compressed, d1 };
  } finally {
    for (const client of connect.clients) client.close();
  }
}

function rows(spec, results) {
  const pick = (fn, how) => figures(results, fn, how);
  return [
    { metric: 'delivered msgs/s', ...pick((r) => r.perSecond) },
    { metric: 'p50 latency ms', ...pick((r) => r.latency.p50) },
    { metric: 'p99 latency ms', ...pick((r) => r.latency.p99) },
    { metric: 'max latency ms', ...pick((r) => r.latency.max) },
    { metric: 'lost', ...pick((r) => r.lost, 'sum') },
    { metric: 'out of order', ...pick((r) => r.outOfOrder, 'sum') },
    { metric: 'sends refused', ...pick((r) => r.refused, 'sum') },
    // Reactions and edits (the verbs scenario); latency counts the messages only.
    ...(spec.verbShare
      ? [
          { metric: 'verbs sent', ...pick((r) => r.verbsSent) },
          { metric: 'verbs refused', ...pick((r) => r.verbsRefused, 'sum') },
        ]
      : []),
    { metric: 'server CPU ms', ...pick((r) => r.cpuMs) },
    // Whether a server accepted the clients' permessage-deflate offers.
    ...(spec.offerDeflate
      ? [{ metric: 'sockets compressed', ...pick((r) => r.compressed, 'sum') }]
      : []),
    // The baseline has no database.
    { metric: 'D1 rows read per message', ...pick((r) => r.d1?.rowsRead) },
    { metric: 'D1 rows written per message', ...pick((r) => r.d1?.rowsWritten) },
  ].map((row) => ({ scenario: spec.title, ...row }));
}
