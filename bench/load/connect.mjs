/** Connects and joins many clients to a server, `concurrency` at a time, and times it. */
import { mapLimit } from '../lib/async.mjs';
import { summarize } from '../lib/stats.mjs';
import { RawClient } from './raw-client.mjs';

/**
 * @param target {{ wsUrl: (roomId: string) => string, headers: (user) => object }}
 * @param members {{ roomId: string, user: object }[]}
 */
export async function connectAll(target, members, { concurrency, timeoutMs }) {
  const started = performance.now();
  const errors = [];
  const outcomes = await mapLimit(members, concurrency, async ({ roomId, user }) => {
    const client = new RawClient(user);
    try {
      const ms = await client.join(target.wsUrl(roomId), roomId, target.headers(user), timeoutMs);
      return { client, ms };
    } catch (error) {
      errors.push(error.message);
      return null;
    }
  });
  const joined = outcomes.filter(Boolean);
  return {
    clients: joined.map((outcome) => outcome.client),
    failures: errors.length,
    firstError: errors[0],
    totalMs: performance.now() - started,
    joinMs: summarize(joined.map((outcome) => outcome.ms)),
  };
}
