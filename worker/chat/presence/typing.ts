/**
 * "<nickname> is typing…": a joined socket's `typing` goes to the others in the room as
 * `typing` `{ nickname }`, and nothing more. Never stored (a volatile broadcast, outside the
 * recovery log), no timer (each receiver forgets a typist a few seconds after the last event,
 * or when their message arrives), and nothing at all when nobody else is in the room.
 */
import { TYPING_SEND_INTERVAL_MS } from '../../../contract/realtime';
import { RateLimit } from '../sockets/token-bucket';

/**
 * A socket's `typing` events pass at one per this long, with a burst of TYPING_BURST: the
 * client sends one every TYPING_SEND_INTERVAL_MS, and one more at once after each message
 * it sends (the message cleared its typist everywhere). Faster ones are dropped.
 */
export const TYPING_MIN_INTERVAL_MS = Math.floor(TYPING_SEND_INTERVAL_MS / 2);
export const TYPING_BURST = 2;

const typings = new RateLimit(1000 / TYPING_MIN_INTERVAL_MS, TYPING_BURST);

/** Whether this socket's `typing` may pass now (and spends its allowance if so). */
export function mayAnnounceTyping(ws: WebSocket, now = Date.now()): boolean {
  return typings.take(ws, now);
}
