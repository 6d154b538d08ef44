/**
 * Reads our app's D1 meter (worker/db/d1-meter.ts): the statements sent to D1 and the rows D1
 * reported reading and writing, totalled in the isolate that runs the worker and every room
 * object. The bench starts the app with D1_METER=1 (servers/app-server.mjs); without it the
 * path does not exist.
 */
import { sleep } from './async.mjs';

const PATH = '/api/bench/d1-meter';
/**
 * A room object flushes its summary to D1 by an alarm: a second after a message in a quiet room,
 * and at most every 5 s in a busy one, so a busy room's last flush may come up to 5 s after its
 * last message (room-messages.ts). This wait covers the quiet room's.
 */
const ALARM_WAIT_MS = 1500;
const POLL_MS = 300;
const SETTLE_TIMEOUT_MS = 15_000;

async function readTotals(origin) {
  const response = await fetch(origin + PATH, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(`the D1 meter answered ${response.status}: is D1_METER set?`);
  return /** @type {Promise<{ isolate: string, statements: number, rowsRead: number, rowsWritten: number }>} */ (
    response.json()
  );
}

/**
 * The totals once D1 work has stopped: after the room objects' summary alarm has had time to
 * ring, and two reads in a row agree (a retried flush, a queued write finishing).
 */
export async function settledD1Totals(origin) {
  await sleep(ALARM_WAIT_MS);
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let last = await readTotals(origin);
  while (Date.now() < deadline) {
    await sleep(POLL_MS);
    const next = await readTotals(origin);
    if (next.statements === last.statements) return next;
    last = next;
  }
  return last;
}

/**
 * What happened between two settled reads, per `units` (messages, connects). Null when the
 * isolate changed in between: its totals started again from zero, so the difference is wrong.
 */
export function d1PerUnit(before, after, units) {
  if (before.isolate !== after.isolate || units <= 0) return null;
  return {
    statements: after.statements - before.statements,
    rowsRead: (after.rowsRead - before.rowsRead) / units,
    rowsWritten: (after.rowsWritten - before.rowsWritten) / units,
    units,
  };
}

/** One log line with the raw counts behind the per-unit rows. */
export function describeD1(d1, unit) {
  if (!d1) return '    D1: the isolate restarted during the measure, no figures';
  const total = (per) => Math.round(per * d1.units);
  return (
    `    D1: ${d1.statements} statements, ${total(d1.rowsRead)} rows read,` +
    ` ${total(d1.rowsWritten)} written, for ${d1.units} ${unit}`
  );
}
