/**
 * A room's capacity: 200 members in one room, the room's message rate raised step by step
 * (more senders, each at 4 a second, under the app's 5 a second per socket), until a step no
 * longer delivers everything, in order, with a p99 under 100 ms. The highest step that did is
 * the room's capacity: what a room's owner wants to know ("how busy can my room get before it
 * lags"), and steadier on a noisy machine than one p99, since a step must fail twice to end the
 * climb. Every server climbs once per round, with the same people in the same room.
 */
import { cpuSince, groupCpu, waitForIdle } from '../lib/cpu.mjs';
import { figures, inRounds } from '../lib/rounds.mjs';
import { connectAll } from '../load/connect.mjs';
import { runTraffic } from '../load/traffic.mjs';
import { prepareRooms } from './prepare.mjs';

const PER_SENDER_RATE = 4;
const P99_LIMIT_MS = 100;
/** A step that stalls has failed: waiting out the usual 30 s drain would say no more. */
const STEP_DRAIN_MS = 5000;

export async function roomCapacity(spec, { users, targets, config }) {
  const members = await prepareRooms(spec, users, config);
  const results = await inRounds(spec.rounds, targets, (target) =>
    climb(target, spec, members, config),
  );
  const pick = (fn) => figures(results, fn);
  return [
    { metric: `capacity msgs/s (p99 < ${P99_LIMIT_MS} ms, all in order)`, ...pick((r) => r.rate) },
    { metric: 'p99 latency ms at capacity', ...pick((r) => r.p99) },
    { metric: 'deliveries/s at capacity', ...pick((r) => r.deliveries) },
    { metric: 'server CPU µs per delivery at capacity', ...pick((r) => r.cpuPerDelivery) },
  ].map((row) => ({ scenario: spec.title, ...row }));
}

async function climb(target, spec, members, config) {
  const connect = await connectAll(target, members, {
    concurrency: 50,
    timeoutMs: config.joinTimeoutMs,
  });
  const clients = connect.clients;
  /** @type {{ rate: number, p99?: number, deliveries?: number, cpuPerDelivery?: number }} */
  let best = { rate: 0 };
  try {
    for (const rate of spec.steps) {
      const senders = Math.min(clients.length, Math.round(rate / PER_SENDER_RATE));
      let step = await runStep(target, clients, senders, spec.stepMs);
      // One bad moment of a shared machine is not the room's limit: a step fails twice.
      if (!step.ok) step = await runStep(target, clients, senders, spec.stepMs);
      console.log(
        `    ${rate} msgs/s (${senders} senders): p99 ${step.p99.toFixed(1)} ms, lost ${step.lost},` +
          ` out of order ${step.outOfOrder}, refused ${step.refused}, CPU` +
          ` ${step.cpuPerDelivery.toFixed(1)} µs per delivery: ${step.ok ? 'ok' : 'over capacity'}`,
      );
      if (!step.ok) break;
      best = { rate, ...step };
    }
  } finally {
    for (const client of clients) client.close();
  }
  return best;
}

async function runStep(target, clients, senderCount, stepMs) {
  await waitForIdle([target.pid]);
  for (const client of clients) client.resetCounts();
  const cpuBefore = groupCpu(target.pid);
  const traffic = await runTraffic([{ members: clients, senders: clients.slice(0, senderCount) }], {
    rate: PER_SENDER_RATE,
    durationMs: stepMs,
    drainMs: STEP_DRAIN_MS,
  });
  const cpuMs = cpuSince(target.pid, cpuBefore);
  const p99 = traffic.latency.p99 ?? Infinity;
  return {
    ok:
      traffic.lost === 0 && traffic.outOfOrder === 0 && traffic.refused === 0 && p99 < P99_LIMIT_MS,
    p99,
    lost: traffic.lost,
    outOfOrder: traffic.outOfOrder,
    refused: traffic.refused,
    deliveries: traffic.perSecond,
    cpuPerDelivery: (cpuMs * 1000) / Math.max(1, traffic.received),
  };
}
