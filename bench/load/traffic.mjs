/**
 * Drives joined clients: each sender sends `rate` messages a second for `durationMs`, each text
 * `b:<sender>:<seq>:<sent at, 1/100 ms>`; every member that receives one records the latency,
 * and whether it came in order (per sender by seq, per room by id). After the senders stop it
 * waits for the deliveries to drain, then counts what has not arrived as lost.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sleep } from '../lib/async.mjs';
import { summarize } from '../lib/stats.mjs';

const TICK_MS = 2;
const STALL_MS = 3000;

/** @typedef {import('./raw-client.mjs').RawClient} RawClient */

/** @param {{ members: RawClient[], senders: RawClient[] }[]} rooms */
export async function runTraffic(rooms, { rate, durationMs, drainMs, verbShare = 0 }) {
  const latencies = [];
  /** Latencies by the second of the run they were sent in: a stall shows as one bad second. */
  const bySecond = [];
  let started = 0;
  let received = 0;
  let outOfOrder = 0;
  let lastReceipt = 0;
  const onChat = (client, message) => {
    const text = message.text;
    if (typeof text !== 'string' || !text.startsWith('b:')) return; // notices, history
    const now = performance.now();
    const [, sender, seq, sentAt] = text.split(':');
    const sentMs = Number(sentAt) / 100;
    const latency = now - sentMs;
    latencies.push(latency);
    const second = Math.max(0, Math.floor((sentMs - started) / 1000));
    (bySecond[second] ??= []).push(latency);
    received++;
    lastReceipt = now;
    let inOrder = Number(seq) > (client.lastSeq.get(sender) ?? -1);
    if (inOrder) client.lastSeq.set(sender, Number(seq));
    if (typeof message.id === 'number') {
      if (message.id <= client.lastId) inOrder = false;
      else client.lastId = message.id;
      client.lastSeenId = Math.max(client.lastSeenId, message.id);
      if (Number(sender) === client.user.index) client.lastOwnId = message.id;
    }
    if (!inOrder) outOfOrder++;
  };
  for (const room of rooms) for (const client of room.members) client.onChat = onChat;

  const interval = 1000 / rate;
  const perSender = Math.max(1, Math.round((rate * durationMs) / 1000));
  const senders = rooms.flatMap((room) =>
    room.senders.map((client) => ({ client, room, sent: 0, offset: 0 })),
  );
  // Spread the senders evenly over one interval rather than all at once.
  senders.forEach((sender, i) => (sender.offset = (i / senders.length) * interval));

  // The generator's own lag would show up as latency: it is measured so that it can be ruled out.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  started = performance.now();
  await sendAll(senders, perSender, interval, started, durationMs, verbShare);
  const sendingMs = performance.now() - started;

  const expected = () =>
    rooms.reduce((sum, room) => {
      const accepted = room.senders.reduce((n, c) => n + c.chatsSent - c.refused, 0);
      return sum + accepted * room.members.length;
    }, 0);
  const settled = () =>
    received >= expected() &&
    senders.every(({ client }) => client.pendingAcks <= 0 || client.dropped);
  const drainStarted = performance.now();
  await drain(settled, () => received, drainMs);
  const drainedMs = performance.now() - drainStarted;
  loopDelay.disable();

  const refused = senders.reduce((n, { client }) => n + client.refused, 0);
  const refusal = senders.find(({ client }) => client.refused > 0)?.client.lastRefusal;
  const windowMs = Math.max(sendingMs, lastReceipt - started);
  const clients = senders.map(({ client }) => client);
  return {
    sent: clients.reduce((n, client) => n + client.chatsSent, 0),
    verbsSent: clients.reduce((n, client) => n + client.verbsSent, 0),
    verbsRefused: clients.reduce((n, client) => n + client.verbsRefused, 0),
    expected: expected(),
    drainedMs,
    refused,
    refusal,
    received,
    perSecond: received / (windowMs / 1000),
    latency: summarize(latencies),
    p99BySecond: Array.from(bySecond, (samples) => summarize(samples ?? []).p99),
    lost: Math.max(0, expected() - received),
    outOfOrder,
    loopDelayP99: loopDelay.percentile(99) / 1e6,
    dropped: rooms.reduce((n, room) => n + room.members.filter((c) => c.dropped).length, 0),
  };
}

/**
 * Waits for the deliveries still on their way: until all arrived, or none arrived for
 * STALL_MS (what is missing then is lost), or `drainMs` passed (late counts as lost too).
 */
async function drain(settled, count, drainMs) {
  const deadline = performance.now() + drainMs;
  let last = count();
  let lastProgress = performance.now();
  while (!settled() && performance.now() < deadline) {
    await sleep(50);
    if (count() !== last) {
      last = count();
      lastProgress = performance.now();
    } else if (performance.now() - lastProgress > STALL_MS) return;
  }
}

/**
 * Every sender's actions on its schedule. With `verbShare` (the verbs scenario), that share of
 * each sender's actions is a verb instead of a message: reactions and edits in turn, spread
 * evenly (a quarter: every fourth action). A verb with nothing to act on yet is a message.
 */
async function sendAll(senders, perSender, interval, started, durationMs, verbShare) {
  const verbEvery = verbShare > 0 ? Math.round(1 / verbShare) : 0;
  const act = (client, seq) => {
    const verbTurn = verbEvery > 0 && seq % verbEvery === verbEvery - 1;
    const verb = Math.floor(seq / verbEvery) % 2 === 0 ? 'react' : 'editMessage';
    if (verbTurn && client.sendVerb(verb, seq)) return;
    const sentAt = Math.round(performance.now() * 100);
    client.sendChat(`b:${client.user.index}:${seq}:${sentAt}`);
  };
  // Bounded even if the event loop stalls: a late sender catches up, then the loop ends.
  const deadline = started + durationMs + 60_000;
  while (performance.now() < deadline) {
    const now = performance.now() - started;
    let pending = false;
    for (const sender of senders) {
      while (sender.sent < perSender && sender.offset + sender.sent * interval <= now) {
        act(sender.client, sender.sent);
        sender.sent++;
      }
      if (sender.sent < perSender) pending = true;
    }
    if (!pending) return;
    await sleep(TICK_MS);
  }
}
