/**
 * Races at the scale the requirements name: 50 people joining one room under one nickname at
 * once, 50 rooms created at once, and two administrators deleting the same room at once; and
 * the races an abuser would try: a burst past the room-creation limit, rejoins fired during a
 * kick.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/api';
import { signedInAdmin } from './support/admin';
import { createRoom, joinRoom } from './support/rooms';

const RACERS = 50;
// Registration hashes with PBKDF2 (100k iterations): 50 sign-ups take a few seconds.
const SLOW_MS = 30_000;

type Signed = Awaited<ReturnType<typeof signedInClient>>;
let racers: Signed[];

// One pool of signed-in people, shared by the races below, each in a room of its own.
beforeAll(async () => {
  racers = await Promise.all(Array.from({ length: RACERS }, () => signedInClient()));
  // Each client has its own address, so the 5-an-hour sign-up limit per address never bites;
  // a refused sign-up or sign-in would show here as a missing user.
  const ids = new Set(racers.map(({ user }) => user?.id));
  expect(ids.size).toBe(RACERS);
  expect(ids.has(undefined)).toBe(false);
}, SLOW_MS);

async function countRows(sql: string, ...params: unknown[]) {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}

/** Fires every join at once; answers the results in racer order. */
function raceJoins(roomId: string, nicknameOf: (index: number) => string) {
  return Promise.all(racers.map(({ client }, i) => joinRoom(client, roomId, nicknameOf(i))));
}

/** The one winner of a race: exactly one 200, every other racer a 409 nickname_conflict. */
function expectOneWinner(
  results: Awaited<ReturnType<typeof raceJoins>>,
  roomId: string,
  roomName: string,
  nicknameOf: (index: number) => string,
) {
  const winners = results.flatMap((res, i) => (res.status === 200 ? [i] : []));
  expect(winners).toHaveLength(1);
  const losers = results.filter((res) => res.status !== 200);
  expect(losers).toHaveLength(RACERS - 1);
  for (const [i, res] of results.entries()) {
    if (i === winners[0]) {
      expect(res.body).toEqual({ success: true, activeNickname: nicknameOf(i), roomId });
    } else {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'nickname_conflict',
        roomId,
        roomName,
        message: expect.stringContaining(`"${nicknameOf(i)}"`),
      });
    }
  }
  return winners[0]!;
}

describe('50 people joining one room under one nickname at once', () => {
  it(
    'lets exactly one in; the other 49 hear 409 nickname_conflict and are not members',
    async () => {
      const { client: owner } = await signedInClient();
      const roomId = await createRoom(owner, 'Race track', 'Owner');
      const nickname = () => 'Racer';
      const results = await raceJoins(roomId, nickname);
      const winner = expectOneWinner(results, roomId, 'Race track', nickname);

      const members = await owner.call(`/rooms/${roomId}/members`);
      expect(members.status).toBe(200);
      const nicknames = members.body.members.map(
        (m: { activeNickname: string }) => m.activeNickname,
      );
      expect(nicknames.sort()).toEqual(['Owner', 'Racer']);
      const racer = members.body.members.find(
        (m: { activeNickname: string }) => m.activeNickname === 'Racer',
      );
      expect(racer.userId.id).toBe(racers[winner]!.user.id);
      // Only the winner's current room moved; the losers' sessions still point nowhere.
      expect(await countRows('SELECT COUNT(*) AS n FROM users WHERE room_id = ?', roomId)).toBe(2);
    },
    SLOW_MS,
  );

  it(
    'treats nicknames differing only by case as one: one winner, 49 conflicts',
    async () => {
      const { client: owner } = await signedInClient();
      const roomId = await createRoom(owner, 'Case race', 'Owner');
      // 50 distinct spellings of one name: the bits of the index choose the capital letters.
      const base = 'speedster';
      const nickname = (index: number) =>
        [...base].map((ch, bit) => ((index >> bit) & 1 ? ch.toUpperCase() : ch)).join('');
      expect(new Set(racers.map((_, i) => nickname(i))).size).toBe(RACERS);
      const results = await raceJoins(roomId, nickname);
      const winner = expectOneWinner(results, roomId, 'Case race', nickname);

      const members = await owner.call(`/rooms/${roomId}/members`);
      const speedsters = members.body.members.filter(
        (m: { activeNickname: string }) => m.activeNickname.toLowerCase() === base,
      );
      expect(speedsters).toHaveLength(1);
      expect(speedsters[0].activeNickname).toBe(nickname(winner));
      expect(speedsters[0].userId.id).toBe(racers[winner]!.user.id);
      expect(members.body.members).toHaveLength(2);
    },
    SLOW_MS,
  );
});

describe('50 people creating rooms at once', () => {
  it(
    'all succeed, with 50 distinct room ids, each owned by its creator',
    async () => {
      const results = await Promise.all(
        racers.map(({ client }, i) => client.call('/join', { body: { roomName: `Room ${i}` } })),
      );
      expect(results.map((res) => res.status)).toEqual(Array(RACERS).fill(200));
      const ids = results.map((res) => res.body.roomId as string);
      expect(new Set(ids).size).toBe(RACERS);
      for (const [i, id] of ids.entries()) {
        const row = await env.DB.prepare('SELECT name, created_by FROM rooms WHERE room_id = ?')
          .bind(id)
          .first<{ name: string; created_by: string }>();
        expect(row).toEqual({ name: `Room ${i}`, created_by: racers[i]!.user.id });
      }
    },
    SLOW_MS,
  );
});

describe('one person creating 30 rooms at once', () => {
  const LIMIT = 20;
  const roomsCreatedBy = (userId: string) =>
    countRows('SELECT COUNT(*) AS n FROM rooms WHERE created_by = ?', userId);

  it('lets exactly 20 of 30 simultaneous creations through', async () => {
    const spammer = await signedInClient();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        spammer.client.call('/join', { body: { roomName: `Burst ${i}` } }),
      ),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LIMIT);
    expect(await roomsCreatedBy(spammer.user.id)).toBe(LIMIT);
  });
});

describe('a member firing rejoins while being kicked', () => {
  it('ends banned and not a member, however the joins interleave with the kick', async () => {
    const { client: owner } = await signedInClient();
    const roomId = await createRoom(owner, 'Bouncer', 'Owner');
    const [target] = racers;
    expect((await joinRoom(target!.client, roomId, 'Pest')).status).toBe(200);

    const [kick, ...joins] = await Promise.all([
      owner.call(`/rooms/${roomId}/kick`, { body: { targetUserId: target!.user.id } }),
      ...Array.from({ length: 20 }, () => joinRoom(target!.client, roomId, 'Pest')),
    ]);
    expect(kick.status).toBe(200);
    // A join read before the kick finds them still a member; one after finds the ban.
    for (const res of joins) expect([200, 403]).toContain(res.status);
    expect(
      await countRows(
        'SELECT COUNT(*) AS n FROM memberships WHERE room_id = ? AND user_id = ?',
        roomId,
        target!.user.id,
      ),
    ).toBe(0);
    expect((await joinRoom(target!.client, roomId, 'Pest')).status).toBe(403);
  });
});

describe('two administrators deleting the same room at once', () => {
  it('answers one 200 and one 404; the room and its memberships are gone', async () => {
    const [first, second] = await Promise.all([signedInAdmin(), signedInAdmin()]);
    expect(first.user.id).not.toBe(second.user.id);
    const { client: owner } = await signedInClient();
    const roomId = await createRoom(owner, 'Doomed', 'Owner');
    for (const [i, { client }] of racers.slice(0, 3).entries()) {
      expect((await joinRoom(client, roomId, `Guest${i}`)).status).toBe(200);
    }
    expect(await countRows('SELECT COUNT(*) AS n FROM memberships WHERE room_id = ?', roomId)).toBe(
      4,
    );

    const results = await Promise.all(
      [first, second].map(({ client }) =>
        client.call(`/admin/rooms/${roomId}`, { method: 'DELETE' }),
      ),
    );
    expect(results.map((res) => res.status).sort()).toEqual([200, 404]);
    const ok = results.find((res) => res.status === 200)!;
    const missing = results.find((res) => res.status === 404)!;
    expect(ok.body).toEqual({ success: true, message: 'Room deleted successfully' });
    expect(missing.body).toEqual({ error: 'Room not found' });

    for (const { client } of [first, second]) {
      const list = await client.call('/admin/rooms');
      expect(list.status).toBe(200);
      expect(list.body.rooms.map((room: { roomId: string }) => room.roomId)).not.toContain(roomId);
    }
    expect(await countRows('SELECT COUNT(*) AS n FROM rooms WHERE room_id = ?', roomId)).toBe(0);
    expect(await countRows('SELECT COUNT(*) AS n FROM memberships WHERE room_id = ?', roomId)).toBe(
      0,
    );
    expect(await countRows('SELECT COUNT(*) AS n FROM users WHERE room_id = ?', roomId)).toBe(0);
    expect((await owner.call('/rooms')).body).toEqual([]);
  });
});
