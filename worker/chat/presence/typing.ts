/**
 * "<nickname> is typing…": a joined socket's `typing` goes to the others in the room as
 * `typing` `{ nickname }`, and nothing more. Never stored (a volatile broadcast, outside the
 * recovery log), no timer (each receiver forgets a typist a few seconds after the last event,
 * or when their message arrives), and nothing at all when nobody else is there.
 */
import { TYPING_SEND_INTERVAL_MS } from '../../../contract/realtime';
import { PersonLimit } from '../sockets/person-limit';

/**
 * A person's `typing` events pass at one per this long, with a burst of TYPING_BURST: the
 * client sends one every TYPING_SEND_INTERVAL_MS, and one more at once after each message
 * it sends (the message cleared its typist everywhere). Faster ones are dropped.
 */
export const TYPING_MIN_INTERVAL_MS = Math.floor(TYPING_SEND_INTERVAL_MS / 2);
export const TYPING_BURST = 2;

/**
 * A room's typing budgets, one per person across all their sockets: one per socket let a
 * person with ten tabs (or a fresh socket now and then, each with a full burst) send every
 * member ten typists' worth of frames, more than their whole message allowance. Someone
 * types in one box at a time, so one budget is all a person needs.
 */
export function newTypingLimit(): PersonLimit {
  return new PersonLimit(1000 / TYPING_MIN_INTERVAL_MS, TYPING_BURST);
}
