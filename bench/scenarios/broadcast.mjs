/**
 * An administrator's broadcast to every room, through the queue: `POST /api/admin/broadcast`
 * with roomId 'all' (202), then `GET /api/admin/broadcasts/:id` polled until every room is
 * delivered or failed. A sample of the rooms has a member listening on a socket, so delivery
 * is also seen where people see it. 'all' is every room on the server: run alone, the
 * scenario's own. Our app only: the baseline has no rooms to list, no queue and no
 * administrators.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sleep, waitUntil } from '../lib/async.mjs';
import { cpuSince, groupCpu } from '../lib/cpu.mjs';
import { startProfile } from '../lib/profiler.mjs';
import { connectAll } from '../load/connect.mjs';
import { createRooms, createUsers } from '../setup/population.mjs';
import { settle } from './prepare.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** One account may create 20 rooms an hour (worker/rooms/room-creation-limit.ts). */
const ROOMS_PER_OWNER = 20;
/** Numbers the scenario's people after everyone else's (the HTTP scenario's included). */
const FIRST_PERSON = 100_000;
const POLL_MS = 100;
const DELIVERY_TIMEOUT_MS = 300_000;

export async function broadcastToAll(spec, { targets, config }) {
  const ours = targets.find((target) => target.name === 'ours');
  const owners = await createUsers(
    ours.origin,
    Math.ceil(spec.rooms / ROOMS_PER_OWNER) + 1,
    config.setupConcurrency,
    FIRST_PERSON,
  );
  const admin = /** @type {any} */ (owners.pop());
  await makeAdmin(ours, admin.email);
  const roomIds = await createRooms(
    spec.title,
    Array.from({ length: spec.rooms }, (_, i) => [owners[i % owners.length]]),
    config.setupConcurrency,
  );
  const listening = listeners(roomIds, owners, spec.listeners);
  const { clients } = await connectAll(ours, listening, {
    concurrency: 20,
    timeoutMs: config.joinTimeoutMs,
  });

  const token = `bench broadcast ${Date.now().toString(36)}`;
  const heardAt = new Map();
  for (const client of clients) {
    client.onChat = (/** @type {any} */ self, /** @type {any} */ message) => {
      if (String(message?.text).includes(token) && !heardAt.has(self)) {
        heardAt.set(self, performance.now());
      }
    };
  }
  await settle(ours);
  const stopProfile = config.profile ? await startProfile(ours.pid) : null;
  const cpuBefore = groupCpu(ours.pid);
  const started = performance.now();
  const { body: queued } = await admin.api.call(
    'POST',
    '/api/admin/broadcast',
    { roomId: 'all', message: token, messageType: 'system-simple' },
    [202],
  );
  const status = await pollUntilDone(admin, queued.broadcastId);
  // Not done by the deadline: no time to report (the rows below say how many were missed).
  const doneMs = status.done ? performance.now() - started : NaN;
  await waitUntil(() => heardAt.size === clients.length, 10_000);
  const cpuMs = cpuSince(ours.pid, cpuBefore);
  await stopProfile?.(spec.title);
  const lastHeardMs = heardAt.size ? Math.max(...heardAt.values()) - started : NaN;
  console.log(
    `    ${status.delivered}/${status.total} rooms delivered, ${status.failed} failed, in ` +
      `${Math.round(doneMs)} ms; ${heardAt.size}/${listening.length} listeners heard it`,
  );
  for (const client of clients) client.close();

  const scenario = `${spec.title} (${queued.rooms} rooms)`;
  return [
    { metric: 'time until every room delivered ms', ours: doneMs },
    { metric: 'rooms delivered per second', ours: (status.delivered / doneMs) * 1000 },
    { metric: 'rooms failed', ours: status.failed },
    {
      metric: 'rooms not reached (total - delivered - failed)',
      ours: status.total - status.delivered - status.failed,
    },
    { metric: `listeners (in ${listening.length} rooms) that heard it`, ours: heardAt.size },
    // Those that could not join count too: a room the check could not see is not a pass.
    { metric: 'listeners that did not', ours: listening.length - heardAt.size },
    { metric: 'time until the last listener heard it ms', ours: lastHeardMs },
    { metric: 'server CPU ms', ours: cpuMs },
  ].map((row) => ({ scenario, baseline: null, ...row }));
}

/**
 * One listener per owner at most (a person may hold ten sockets), in rooms spread over the
 * list: room i belongs to owner i mod N, so owner k listens in room k + N * (k mod its rooms).
 */
function listeners(roomIds, owners, count) {
  const n = owners.length;
  const perOwner = Math.ceil(roomIds.length / n);
  return Array.from({ length: Math.min(count, n, roomIds.length) }, (_, k) => {
    let index = k + n * (k % perOwner);
    while (index >= roomIds.length) index -= n;
    return { roomId: roomIds[index], user: owners[k] };
  });
}

/** The app's own `npm run make-admin`, on the bench server's throwaway database. */
async function makeAdmin(target, email) {
  await promisify(execFile)('node', ['scripts/make-admin.mjs', email], {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_PERSIST_DIR: target.persistDir },
  });
}

async function pollUntilDone(admin, broadcastId) {
  const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
  for (;;) {
    const { body } = await admin.api.call('GET', `/api/admin/broadcasts/${broadcastId}`);
    if (body.done || performance.now() > deadline) return body;
    await sleep(POLL_MS);
  }
}
