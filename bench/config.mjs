/**
 * What to run and how big: the benchmark's scenarios at full size, scaled by BENCH_SCALE (counts)
 * and BENCH_TIME_SCALE (durations). `--quick` is BENCH_SCALE=0.1 and BENCH_TIME_SCALE=0.4, and
 * one Lighthouse run per page instead of 5.
 * Scenario names on the command line (or BENCH_ONLY=a,b) run a subset.
 */
const USAGE = `usage: npm run bench -- [--quick] [--profile] [--floor] [busy] [busy-deflate] [verbs]
                             [big] [many] [capacity]
                             [storm] [storm-ticket] [storm-rooms] [storm-rooms-evicted]
                             [broadcast] [http]
                             [lighthouse]

--profile  a CPU profile of our worker's isolate during each traffic scenario (saved, top printed)
--floor    two more servers in the socket scenarios, on the same workerd: the floor, the least
           a Durable Object can do for the same load (servers/floor/), what the runtime itself
           costs; and the peer, a room the way Cloudflare's chat demo builds one (servers/peer/)

env: BENCH_SCALE (1)         multiplies members, senders, rooms and HTTP samples
     BENCH_TIME_SCALE (1)    multiplies the sending durations
     BENCH_DRAIN_MS (30000)  longest wait for deliveries after the senders stop
     BENCH_ROUNDS (3)        alternating passes of each server per traffic scenario, medians
     BENCH_STORM_ROUNDS (5)  the same for the connect storms
     BENCH_CAPACITY_ROUNDS (1)  climbs of each server in the capacity scenario
     BENCH_LIGHTHOUSE_RUNS (5, --quick 1)  Lighthouse runs per page, medians reported
     CHROME_PATH (/usr/bin/chromium)  the Chromium that Lighthouse drives
     BENCH_PORT (8890), BENCH_BASELINE_PORT (8891), BENCH_FLOOR_PORT (8892),
     BENCH_PEER_PORT (8893),
     BENCH_SETUP_CONCURRENCY (8)
     BENCH_STATE_DIR (/dev/shm if present, else the temp folder)  the servers' throwaway state
     BENCH_DEADLINE_MS (2400000)  the whole run is stopped after this long`;

const ORDER = [
  'busy',
  'busy-deflate',
  'verbs',
  'big',
  'many',
  'capacity',
  'storm',
  'storm-ticket',
  'storm-rooms',
  'storm-rooms-evicted',
  'broadcast',
  'http',
  'lighthouse',
];

function positive(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export function loadConfig(argv = process.argv.slice(2)) {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const quick = argv.includes('--quick');
  const scale = positive('BENCH_SCALE', quick ? 0.1 : 1);
  const timeScale = positive('BENCH_TIME_SCALE', quick ? 0.4 : 1);
  const count = (n, min = 1) => Math.max(min, Math.round(n * scale));
  const seconds = (s) => Math.max(500, Math.round(s * 1000 * timeScale));

  const busy = {
    title: 'one busy room',
    rooms: 1,
    members: count(200, 2),
    senders: count(50),
    rate: 4,
    durationMs: seconds(5),
    connectConcurrency: 50,
  };
  const scenarios = {
    busy,
    // The same room with clients that offer permessage-deflate, as browsers and `ws` do.
    'busy-deflate': { ...busy, title: 'busy room, clients offer deflate', offerDeflate: true },
    // The busy room where a quarter of each sender's actions are reactions and edits: an
    // ordinary message must cost no more beside them (latency counts the messages only).
    verbs: { ...busy, title: 'busy room, a quarter reactions and edits', verbShare: 0.25 },
    big: {
      title: 'one big room',
      rooms: 1,
      members: count(1000, 2),
      senders: count(10),
      rate: 4,
      durationMs: seconds(5),
      connectConcurrency: 50,
    },
    many: {
      title: 'many rooms',
      rooms: count(100),
      members: 10,
      senders: 10,
      rate: 1,
      durationMs: seconds(10),
      connectConcurrency: 50,
    },
    // One room of 200, its message rate raised step by step until it lags (scenarios/capacity).
    capacity: {
      title: 'room capacity, 200 members',
      rooms: 1,
      members: count(200, 2),
      steps: [40, 80, 120, 160, 240, 320, 480, 640, 800].map((rate) => count(rate, 4)),
      stepMs: seconds(3),
      rounds: Math.round(positive('BENCH_CAPACITY_ROUNDS', 1)),
    },
    storm: {
      title: 'connect storm',
      rooms: 1,
      members: count(1000, 2),
    },
    // The same storms as the chat screen connects: with a socket ticket fetched beforehand.
    'storm-ticket': {
      title: 'connect storm, tickets',
      rooms: 1,
      members: count(1000, 2),
      tickets: true,
    },
    'storm-rooms': {
      title: `connect storm, ${count(100)} rooms, tickets`,
      rooms: count(100),
      members: 10,
      tickets: true,
    },
    // The same, with every room's object evicted before the storm (as after a deploy, or
    // rooms nobody was in for a while): issuing the tickets wakes the rooms (the chat screen's
    // first connect), and the storm waits until the runtime has evicted them again.
    'storm-rooms-evicted': {
      title: `connect storm, ${count(100)} evicted rooms, tickets`,
      rooms: count(100),
      members: 10,
      tickets: true,
      evictedRooms: true,
    },
    // Ours only: an administrator's broadcast to every room, through the queue.
    broadcast: {
      title: 'broadcast to every room',
      rooms: count(2000),
      listeners: count(100, 5),
    },
    http: {
      title: 'HTTP',
      clients: 20,
      rooms: count(50),
      logins: count(200, 20),
      roomListReads: count(200, 20),
    },
    lighthouse: {
      title: 'Lighthouse',
      pages: ['/', '/login', '/register'],
      runs: Math.round(positive('BENCH_LIGHTHOUSE_RUNS', quick ? 1 : 5)),
      targets: { performance: 90, accessibility: 95, 'best-practices': 95 },
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    },
  };

  const unknown = [];
  const named = argv
    .filter((arg) => !arg.startsWith('-'))
    .concat((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean))
    .filter((name) => scenarios[name] || (unknown.push(name), false));
  if (unknown.length > 0) throw new Error(`unknown scenario(s): ${unknown.join(', ')}\n${USAGE}`);
  const selected = ORDER.filter((name) => named.length === 0 || named.includes(name));

  // Every room's members: one room's for most scenarios, a hundred rooms' for some.
  const people = (name) =>
    selected.includes(name) ? scenarios[name].rooms * scenarios[name].members : 0;
  const users = Math.max(
    people('busy'),
    people('busy-deflate'),
    people('verbs'),
    people('capacity'),
    people('big'),
    people('storm'),
    people('storm-ticket'),
    people('storm-rooms'),
    people('storm-rooms-evicted'),
    people('many'),
    selected.includes('http') ? scenarios.http.logins : 0,
  );

  return {
    quick,
    profile: argv.includes('--profile'),
    floor: argv.includes('--floor'),
    // Socket scenarios: passes of each server, alternating; the table takes medians.
    rounds: Math.round(positive('BENCH_ROUNDS', 3)),
    // A storm's pass is short, so a full garbage collection of our isolate, which lands in some
    // passes and not others, moves it a lot: five cost little more than three and steady the
    // median.
    stormRounds: Math.round(positive('BENCH_STORM_ROUNDS', 5)),
    scale,
    timeScale,
    selected,
    scenarios,
    users,
    host: '127.0.0.1',
    port: positive('BENCH_PORT', 8890),
    baselinePort: positive('BENCH_BASELINE_PORT', 8891),
    floorPort: positive('BENCH_FLOOR_PORT', 8892),
    peerPort: positive('BENCH_PEER_PORT', 8893),
    setupConcurrency: positive('BENCH_SETUP_CONCURRENCY', 8),
    drainMs: positive('BENCH_DRAIN_MS', 30_000),
    deadlineMs: positive('BENCH_DEADLINE_MS', 40 * 60_000),
    joinTimeoutMs: 120_000,
  };
}
