/**
 * Each `join` answers with a history frame, the most expensive thing a socket can ask for, so a
 * socket gets a few joins at a time (a reconnect, a rejoin after leaving), not a stream. In
 * memory per socket: an object woken from hibernation starts full, which the idle time that let
 * it hibernate would have refilled anyway.
 */
import { fullBucket, takeToken, type TokenBucket } from './token-bucket';

export const JOINS_BURST = 5;
/** Five joins per ten seconds. */
const JOINS_PER_SECOND = 0.5;
export const JOINING_TOO_FAST = 'You are joining too fast';

const buckets = new WeakMap<WebSocket, TokenBucket>();

export function mayJoin(ws: WebSocket, now = Date.now()): boolean {
  let bucket = buckets.get(ws);
  if (!bucket) buckets.set(ws, (bucket = fullBucket(JOINS_BURST, now)));
  return takeToken(bucket, JOINS_PER_SECOND, JOINS_BURST, now);
}
