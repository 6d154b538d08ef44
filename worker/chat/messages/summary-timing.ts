/** When a room's summary goes to D1 (room-messages.ts), and when a failed one is tried again. */

/** A quiet room's summary reaches D1 a second after its message... */
const SUMMARY_DELAY_MS = 1000;
/**
 * ...and a busy room's at most every five seconds: each flush is a D1 batch, and the room list
 * that reads it polls every five seconds anyway.
 */
const BUSY_SUMMARY_INTERVAL_MS = 5000;
/**
 * Each of those waits is a quarter shorter or longer, at random. Rooms that got a message at the
 * same moment (an administrator's broadcast reaches every room at once) would otherwise write to
 * D1 in the same instant, and again every five seconds while they stay busy. (In the many-rooms
 * bench this scattered its slowest seconds without making them faster: that tail is the shared
 * thread's, bench/results/2026-11-29.md.)
 */
const SUMMARY_SPREAD = 0.25;
/**
 * A failed summary flush and files whose removal failed are tried again with every flush, and
 * at least this often while they fail (R2 or D1 down), by an alarm of their own: a room that
 * went quiet, or that nobody is in, has no next flush to bring them. It ends once they went.
 */
export const RETRY_AFTER_FAILURE_MS = 5 * 60_000;
/**
 * A summary failing this many times in a row (an hour) stops asking for the alarm: D1 is down
 * for longer, and the next message's flush carries it all the same.
 */
export const SUMMARY_RETRIES_MAX = 12;

/** The summary's time: soon after a message, but no sooner than the busy interval allows. */
export function nextSummaryAt(lastWrittenAt: number, now = Date.now()): number {
  return Math.max(now + spread(SUMMARY_DELAY_MS), lastWrittenAt + spread(BUSY_SUMMARY_INTERVAL_MS));
}

/** `ms`, up to a SUMMARY_SPREAD share shorter or longer, at random. */
export function spread(ms: number, random = Math.random): number {
  return Math.round(ms * (1 + SUMMARY_SPREAD * (2 * random() - 1)));
}
