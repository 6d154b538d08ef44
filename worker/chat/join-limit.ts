/**
 * Each `join` answers with a history frame, the most expensive thing a socket can ask for, so a
 * socket gets a few joins at a time (a reconnect, a rejoin after leaving), not a stream. In
 * memory per socket: an object woken from hibernation starts full, which the idle time that let
 * it hibernate would have refilled anyway.
 */
import { RateLimit } from '../socket-io';

export const JOINS_BURST = 5;
/** Five joins per ten seconds. */
const JOINS_PER_SECOND = 0.5;
export const JOINING_TOO_FAST = 'You are joining too fast';

const joins = new RateLimit(JOINS_PER_SECOND, JOINS_BURST);

export function mayJoin(ws: WebSocket, now = Date.now()): boolean {
  return joins.take(ws, now);
}
