/**
 * HTTP under 20 concurrent clients: sign-in, POST /api/join (into the 50 rooms each) and
 * GET /api/rooms (with those 50 rooms). Our app only: the Socket.IO baseline has no HTTP API.
 */
import { mapLimit, progress } from '../lib/async.mjs';
import { summarize } from '../lib/stats.mjs';
import { createUsers, createRooms } from '../setup/population.mjs';

export async function httpApi(spec, { users, targets, config }) {
  const origin = targets.find((target) => target.name === 'ours').origin;
  // Separate people for the room lists, numbered after everyone else.
  const clients = await createUsers(origin, spec.clients, config.setupConcurrency, users.length);
  // The rooms' owners take turns: one person may create 20 rooms an hour.
  const ownerOf = (i) => clients[i % clients.length];
  const roomIds = await createRooms(
    'HTTP',
    Array.from({ length: spec.rooms }, (_, i) => [ownerOf(i)]),
    4,
  );

  const timed = (label, jobs, call) =>
    mapLimit(jobs, spec.clients, async (job) => (await call(job)).ms, progress(label));

  // Each person signs in once more, from their own address (10 a minute per address).
  const signers = users.slice(0, spec.logins);
  const login = await timed(`${signers.length} sign-ins`, signers, (user) =>
    user.api.login(user.email, user.password),
  );
  // Everyone joins every room they do not own.
  const joins = clients.flatMap((client) =>
    roomIds.filter((_, i) => ownerOf(i) !== client).map((roomId) => ({ client, roomId })),
  );
  const join = await timed(`${joins.length} joins`, joins, ({ client, roomId }) =>
    client.api.joinRoom(roomId),
  );
  const reads = Array.from({ length: spec.roomListReads }, (_, i) => clients[i % clients.length]);
  const list = await timed(`${reads.length} room lists`, reads, (client) => client.api.listRooms());

  const rows = [];
  for (const [name, samples] of [
    ['POST /api/auth/login', login],
    [`GET /api/rooms (${spec.rooms} rooms)`, list],
    ['POST /api/join', join],
  ]) {
    const { p50, p99 } = summarize(samples);
    const scenario = `HTTP, ${spec.clients} concurrent`;
    rows.push({ scenario, metric: `${name} p50 ms`, ours: p50, baseline: null });
    rows.push({ scenario, metric: `${name} p99 ms`, ours: p99, baseline: null });
  }
  return rows;
}
