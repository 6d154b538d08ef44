/**
 * A ticketed upgrade makes no D1 call: the ticket is verified with the ticket key, the address
 * block is read from the isolate's cache (at most FRESH_MS stale), and the address is recorded
 * later by the room, many at once, so a block still ends the socket. Shown with an env whose
 * D1 throws on any query: the ticket connects, the cookie does not.
 */
import { createExecutionContext, env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { closeAddressSockets } from '../../worker/room-calls/close-sockets';
import { addressKey } from '../../worker/security/client-ip';
import {
  blockCacheStats,
  cachedBlockedUntil,
  FRESH_MS,
  resetBlockCache,
} from '../../worker/tickets/block-cache';
import { ORIGIN } from './support/api';
import { heldD1 } from './support/held-d1';
import { createRoom, signedInOwnAddress } from './support/rooms';
import { roomsNotedFor } from './support/security-state';
import { endedWithNotice } from './support/socket';
import { connectOver, ticketFor } from './tickets-helpers';

/** A D1 binding that notes and refuses every query (opening a session is no query). */
function unavailableD1(queries: string[]): D1Database {
  const refuse = (where: string) =>
    new Proxy(
      {},
      {
        get(_target, name) {
          if (name === 'then') return undefined;
          return () => {
            queries.push(`${where}.${String(name)}`);
            throw new Error('D1 is unavailable in this test');
          };
        },
      },
    );
  const session = refuse('session');
  return new Proxy(refuse('db') as object, {
    get(target, name) {
      if (name === 'withSession') return () => session;
      return Reflect.get(target, name);
    },
  }) as D1Database;
}

function upgradeRequest(roomId: string, ip: string, extra: { ticket?: string; cookie?: string }) {
  const query = new URLSearchParams({ EIO: '4', transport: 'websocket', room: roomId });
  if (extra.ticket) query.set('ticket', extra.ticket);
  const headers: Record<string, string> = {
    Upgrade: 'websocket',
    'CF-Connecting-IP': ip,
    Origin: ORIGIN,
  };
  if (extra.cookie) headers.Cookie = extra.cookie;
  return new Request(`${ORIGIN}/socket.io/?${query}`, { headers });
}

async function memberOfNewRoom() {
  const member = await signedInOwnAddress();
  const roomId = await createRoom(member.client, 'No D1', 'Holder');
  return { ...member, roomId };
}

async function block(ip: string) {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO ip_reputation (ip, threat_score, scored_at, violation_count, last_seen, blocked_until)
     VALUES (?1, 30, ?2, 3, ?2, ?3)
     ON CONFLICT (ip) DO UPDATE SET blocked_until = excluded.blocked_until`,
  )
    .bind(addressKey(ip), now, now + 3_600_000)
    .run();
}

beforeEach(() => resetBlockCache());

describe('a ticketed upgrade without D1', () => {
  it('connects and joins while every D1 query fails; a cookie upgrade cannot', async () => {
    const { client, roomId } = await memberOfNewRoom();
    const ticket = await ticketFor(client, roomId);
    // The isolate has read the blocked addresses lately (any upgrade in the last seconds did).
    await cachedBlockedUntil(env.DB, client.ip, () => {});
    const queries: string[] = [];
    const noD1 = { ...env, DB: unavailableD1(queries) };

    const response = await app.fetch(
      upgradeRequest(roomId, client.ip, { ticket }),
      noD1,
      createExecutionContext(),
    );
    const { socket, answer } = await connectOver(response);
    expect(answer.startsWith('40')).toBe(true);
    expect(await socket.emit('join', { name: 'Holder', room: roomId })).toEqual({});
    await socket.waitForEvent('chatHistory');
    expect(queries).toEqual([]);
    socket.close();

    // The same env refuses the cookie's check: the fake D1 is really consulted when used.
    const byCookie = await app.fetch(
      upgradeRequest(roomId, client.ip, { cookie: client.cookie }),
      noD1,
      createExecutionContext(),
    );
    expect(byCookie.status).toBe(500);
    expect(queries.length).toBeGreaterThan(0);
  });
});

describe('the block cache', () => {
  it('a thousand upgrades at once share one D1 query', async () => {
    const ips = Array.from({ length: 1000 }, (_, i) => `10.99.${i >> 8}.${i & 255}`);
    const answers = await Promise.all(ips.map((ip) => cachedBlockedUntil(env.DB, ip, () => {})));
    expect(answers.every((until) => until === null)).toBe(true);
    expect(blockCacheStats.queries).toBe(1);
  });

  it('sees a block within FRESH_MS, and not a query per upgrade before then', async () => {
    const ip = '10.98.0.1';
    const start = Date.now();
    expect(await cachedBlockedUntil(env.DB, ip, () => {}, start)).toBeNull();
    await block(ip);
    // Within the bound the snapshot may still say no, without asking D1 again...
    expect(await cachedBlockedUntil(env.DB, ip, () => {}, start + 1_000)).toBeNull();
    expect(blockCacheStats.queries).toBe(1);
    // ...past half of it, the upgrade is still served from memory and a refresh starts...
    const refreshes: Promise<unknown>[] = [];
    // (Timed from now, not from `start`: the snapshot's read began a moment after `start`.)
    await cachedBlockedUntil(env.DB, ip, (work) => refreshes.push(work), Date.now() + 3_000);
    expect(refreshes).toHaveLength(1);
    await Promise.all(refreshes);
    expect(await cachedBlockedUntil(env.DB, ip, () => {}, Date.now())).toBeGreaterThan(start);

    // ...and an isolate that made no refresh still enforces it once FRESH_MS has passed.
    resetBlockCache();
    const other = '10.98.0.2';
    const later = Date.now();
    expect(await cachedBlockedUntil(env.DB, other, () => {}, later)).toBeNull();
    await block(other);
    // Timed from after the block: the snapshot's own read began a moment after `later`.
    const pastBound = Date.now() + FRESH_MS + 1;
    expect(await cachedBlockedUntil(env.DB, other, () => {}, pastBound)).toBeGreaterThan(later);
  });

  it('a read from before a reset neither brings its snapshot back nor frees the newer one', async () => {
    // The test answers the reads one by one, to finish them out of order.
    const { db: heldDb, answers } = heldD1();
    const noBlocks = { results: [] };
    const before = cachedBlockedUntil(heldDb, '10.97.0.1', () => {});
    resetBlockCache();
    const after = cachedBlockedUntil(heldDb, '10.97.0.2', () => {});
    expect(blockCacheStats.queries).toBe(1);
    answers[0]!(noBlocks); // the read from before the reset ends first
    expect(await before).toBeNull();
    // The read in flight since the reset is still the one every upgrade waits on.
    const meanwhile = cachedBlockedUntil(heldDb, '10.97.0.3', () => {});
    expect(blockCacheStats.queries).toBe(1);
    answers[1]!(noBlocks);
    expect(await Promise.all([after, meanwhile])).toEqual([null, null]);
    expect(answers).toHaveLength(2);
  });

  it('a blocked address is refused with 429 though its ticket is good', async () => {
    const { client, roomId } = await memberOfNewRoom();
    const ticket = await ticketFor(client, roomId);
    await block(client.ip);
    const response = await app.fetch(
      upgradeRequest(roomId, client.ip, { ticket }),
      env,
      createExecutionContext(),
    );
    expect(response.status).toBe(429);
  });
});

describe('addresses of sockets, noted by their rooms', () => {
  it('are recorded by the room, so a block ends the socket', async () => {
    const { client, roomId } = await memberOfNewRoom();
    const ticket = await ticketFor(client, roomId);
    const response = await app.fetch(
      upgradeRequest(roomId, client.ip, { ticket }),
      env,
      createExecutionContext(),
    );
    const { socket } = await connectOver(response);
    expect(await socket.emit('join', { name: 'Holder', room: roomId })).toEqual({});
    expect(await roomsNotedFor(client.ip, 1)).toEqual([roomId]);
    const since = Date.now();
    await closeAddressSockets(env, addressKey(client.ip), 'Your network has been blocked');
    await endedWithNotice(socket, 'Your network has been blocked', since);
  });

  it('a socket let in during the cache’s stale seconds is ended by its room', async () => {
    const { client, roomId } = await memberOfNewRoom();
    const ticket = await ticketFor(client, roomId);
    // The snapshot says "not blocked"; the block lands just after, before the room records
    // the address (so the block's own closing finds no row for this room).
    await cachedBlockedUntil(env.DB, client.ip, () => {});
    const response = await app.fetch(
      upgradeRequest(roomId, client.ip, { ticket }),
      env,
      createExecutionContext(),
    );
    const { socket, answer } = await connectOver(response);
    expect(answer.startsWith('40')).toBe(true);
    const since = Date.now();
    await block(client.ip);
    await endedWithNotice(socket, 'Your network has been blocked', since, 2_000);
  });

  it('a cookie upgrade leaves the address to its room, which catches a block just after it', async () => {
    const { client, roomId } = await memberOfNewRoom();
    const response = await app.fetch(
      upgradeRequest(roomId, client.ip, { cookie: client.cookie }),
      env,
      createExecutionContext(),
    );
    const { socket, answer } = await connectOver(response);
    expect(answer.startsWith('40')).toBe(true);
    // Not noted yet: the upgrade's round trip only read. The block lands before the room's
    // batch, so the block's own closing finds no row for this room.
    expect(await roomsNotedFor(client.ip, 0)).toEqual([]);
    const since = Date.now();
    await block(client.ip);
    await endedWithNotice(socket, 'Your network has been blocked', since, 2_000);
    expect(await roomsNotedFor(client.ip, 1)).toEqual([roomId]);
  });
});
