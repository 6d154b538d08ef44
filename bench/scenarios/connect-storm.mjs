/**
 * The connect storm: every member connecting and joining at the same moment, in one room or
 * spread over many. With `spec.tickets`, each of our clients first asks the API for a socket
 * ticket and connects with it, as the chat screen does; that HTTP call happens before the
 * storm and is not timed (the screen makes it before it connects, and a reconnecting screen
 * has made it while waiting out its reconnect delay). The baseline has no tickets.
 */
import { mapLimit, progress, sleep } from '../lib/async.mjs';
import { d1PerUnit, describeD1, settledD1Totals } from '../lib/d1-meter.mjs';
import { connectAll } from '../load/connect.mjs';
import { startProfile } from '../lib/profiler.mjs';
import { figures, inRounds } from '../lib/rounds.mjs';
import { prepareRooms, settle } from './prepare.mjs';

/** Tickets are valid a minute; a thousand are fetched in a few seconds at this concurrency. */
const TICKET_CONCURRENCY = 16;
/**
 * workerd evicts an object 10 s after its last request ended (server.c++, "If no requests
 * arrive in the next 10 seconds, the DO is evicted"); the tickets' wakes are its last requests.
 */
const EVICTION_WAIT_MS = 12_000;

export async function connectStorm(spec, { users, targets, config }) {
  const members = await prepareRooms(spec, users, config);
  const results = await inRounds(config.stormRounds, targets, async (target, round) => {
    const ours = target.name === 'ours';
    // Before the tickets (issuing one is part of a ticketed connect's D1 work); every server is
    // idle already (inRounds waits for that before each pass).
    const d1Before = ours ? await settledD1Totals(target.origin) : null;
    const issuesTickets = spec.tickets && ours;
    const ticketed = issuesTickets ? await withTickets(members) : members;
    // Issuing a thousand tickets leaves our server busy for a moment.
    if (issuesTickets) await settle(target);
    // `evictedRooms`: the tickets woke every room; the storm finds them evicted again.
    if (spec.evictedRooms && ours) {
      console.log(`    waiting ${EVICTION_WAIT_MS / 1000} s for the rooms to be evicted`);
      await sleep(EVICTION_WAIT_MS);
    }
    const profile = config.profile && ours && round === 0;
    const stopProfile = profile ? await startProfile(target.pid) : null;
    const connect = await connectAll(target, ticketed, {
      concurrency: members.length,
      timeoutMs: config.joinTimeoutMs,
    });
    await stopProfile?.(spec.title);
    // Up to the joins and what they set off; the disconnects below are not counted.
    const d1 = d1Before
      ? d1PerUnit(d1Before, await settledD1Totals(target.origin), members.length)
      : undefined;
    if (d1 !== undefined) console.log(describeD1(d1, 'connects'));
    for (const client of connect.clients) client.close();
    return { ...connect, d1 };
  });
  const pick = (fn, how) => figures(results, fn, how);
  const rooms = spec.rooms > 1 ? `${members.length} in ${spec.rooms} rooms` : members.length;
  return [
    { metric: 'time to all joined ms', ...pick((r) => r.totalMs) },
    { metric: 'p50 join ms', ...pick((r) => r.joinMs.p50) },
    { metric: 'p99 join ms', ...pick((r) => r.joinMs.p99) },
    { metric: 'failed joins', ...pick((r) => r.failures, 'sum') },
    { metric: 'server CPU ms', ...pick((r) => r.cpuMs) },
    // The baseline has no database; with tickets, issuing them is counted too.
    { metric: `D1 rows read per ${connectKind(spec)}`, ...pick((r) => r.d1?.rowsRead) },
    { metric: `D1 rows written per ${connectKind(spec)}`, ...pick((r) => r.d1?.rowsWritten) },
  ].map((row) => ({ scenario: `${spec.title} (${rooms} at once)`, ...row }));
}

function connectKind(spec) {
  return spec.tickets ? 'connect (ticket + upgrade + join)' : 'connect (upgrade + join)';
}

/** Each member with a fresh ticket for its room, fetched as the member (cookie and address). */
async function withTickets(members) {
  return mapLimit(
    members,
    TICKET_CONCURRENCY,
    async (member) => {
      const path = `/api/rooms/${encodeURIComponent(member.roomId)}/ticket`;
      const { body } = await member.user.api.call('POST', path);
      return { ...member, ticket: body.ticket };
    },
    progress(`${members.length} socket tickets (not timed)`),
  );
}
