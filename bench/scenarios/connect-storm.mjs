/** The connect storm: every member of one room connecting and joining at the same moment. */
import { connectAll } from '../load/connect.mjs';
import { startProfile } from '../lib/profiler.mjs';
import { prepareRooms, settle } from './prepare.mjs';

export async function connectStorm(spec, { users, targets, config }) {
  const members = await prepareRooms(spec, users, config);
  const results = {};
  for (const target of targets) {
    console.log(`  ${spec.title}: ${target.name}`);
    await settle(target);
    const stopProfile =
      config.profile && target.name === 'ours' ? await startProfile(target.pid) : null;
    const connect = await connectAll(target, members, {
      concurrency: members.length,
      timeoutMs: config.joinTimeoutMs,
    });
    await stopProfile?.(spec.title);
    for (const client of connect.clients) client.close();
    results[target.name] = connect;
  }
  const pick = (fn) => ({ ours: fn(results.ours), baseline: fn(results.baseline) });
  return [
    { metric: 'time to all joined ms', ...pick((r) => r.totalMs) },
    { metric: 'p50 join ms', ...pick((r) => r.joinMs.p50) },
    { metric: 'p99 join ms', ...pick((r) => r.joinMs.p99) },
    { metric: 'failed joins', ...pick((r) => r.failures) },
    { metric: 'server CPU ms', ...pick((r) => r.cpuMs) },
  ].map((row) => ({ scenario: `${spec.title} (${members.length} at once)`, ...row }));
}
