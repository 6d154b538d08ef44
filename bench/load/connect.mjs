/** Connects and joins many clients to a server, `concurrency` at a time, and times it. */
import { mapLimit, sleep } from '../lib/async.mjs';
import { cpuSince, groupCpu } from '../lib/cpu.mjs';
import { summarize } from '../lib/stats.mjs';
import { RawClient, received } from './raw-client.mjs';

const QUIET_MS = 500;
const QUIET_TIMEOUT_MS = 60_000;

/**
 * @param {{ pid: number, wsUrl: (roomId: string) => string, headers: (user: any) => object }} target
 * @param {{ roomId: string, user: any, ticket?: string }[]} members
 * @param {{ concurrency: number, timeoutMs: number, offerDeflate?: boolean }} options
 * A member with a `ticket` connects with it in the handshake query (the socket-ticket path).
 * Answers the joined clients once the server is quiet: joins make it send room data and
 * notices to everyone, which is part of joining, not of the traffic that follows.
 */
export async function connectAll(target, members, { concurrency, timeoutMs, offerDeflate }) {
  const cpuBefore = groupCpu(target.pid);
  const started = performance.now();
  const errors = [];
  const outcomes = await mapLimit(members, concurrency, async ({ roomId, user, ticket }) => {
    const client = new RawClient(user);
    const url = target.wsUrl(roomId) + (ticket ? `&ticket=${encodeURIComponent(ticket)}` : '');
    try {
      const ms = await client.join(url, roomId, target.headers(user), timeoutMs, {
        offerDeflate,
      });
      return { client, ms };
    } catch (error) {
      errors.push(/** @type {Error} */ (error).message);
      return null;
    }
  });
  const totalMs = performance.now() - started;
  const quietMs = await waitForQuiet();
  const joined = outcomes.filter(Boolean);
  const result = {
    clients: joined.map((outcome) => outcome.client),
    failures: errors.length,
    totalMs,
    joinMs: summarize(joined.map((outcome) => outcome.ms)),
    cpuMs: cpuSince(target.pid, cpuBefore),
  };
  const ms = (value) => `${Math.round(value)} ms`;
  console.log(
    `    ${joined.length}/${members.length} joined in ${ms(totalMs)}` +
      ` (p50 ${ms(result.joinMs.p50)}, p99 ${ms(result.joinMs.p99)}), quiet ${ms(quietMs)} later` +
      (errors.length ? `; first failure: ${errors[0]}` : ''),
  );
  return result;
}

/** Waits until no client has received a frame for QUIET_MS; answers how long it waited. */
async function waitForQuiet() {
  const started = performance.now();
  let frames = -1;
  while (frames !== received.frames && performance.now() - started < QUIET_TIMEOUT_MS) {
    frames = received.frames;
    await sleep(QUIET_MS);
  }
  return performance.now() - started;
}
