/**
 * The admin stats come from counters kept in the same transaction as the writes they count,
 * not from scanning the tables. They must equal the true COUNT(*) after any mix of concurrent
 * sign-ups, room creations, and deletions (some of the same row twice at once).
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, newAccount, signedInClient } from './support/api';
import { signedInAdmin } from './support/admin';
import { createRoom } from './support/rooms';
import { TestSocket } from './support/socket';

const RACERS = 50;
const SLOW_MS = 60_000;

type Signed = Awaited<ReturnType<typeof signedInClient>>;
let admins: Signed[];

beforeAll(async () => {
  admins = [await signedInAdmin(), await signedInAdmin()];
}, SLOW_MS);

async function truth() {
  const row = await env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM rooms) AS rooms,
            (SELECT COALESCE(SUM(message_count), 0) FROM rooms) AS messages`,
  ).first<{ users: number; rooms: number; messages: number }>();
  return row!;
}

async function stats() {
  const res = await admins[0]!.client.call('/admin/stats');
  expect(res.status).toBe(200);
  return res.body as { users: number; rooms: number; messages: number };
}

describe('admin stats counters', () => {
  it(
    `stay exact under ${RACERS} concurrent sign-ups, room creations and deletions`,
    async () => {
      const creators = await Promise.all(Array.from({ length: RACERS }, () => signedInClient()));
      const doomedUsers = await Promise.all(Array.from({ length: 10 }, () => signedInClient()));
      const leavers = await Promise.all(Array.from({ length: 10 }, () => signedInClient()));
      const doomedRooms = await Promise.all(
        creators.slice(0, 20).map(({ client }, i) => createRoom(client, `Doomed ${i}`)),
      );
      const before = await stats();
      expect(before).toEqual(await truth());

      const [first, second] = admins;
      const calls: Promise<{ status: number }>[] = [
        ...Array.from({ length: RACERS }, () =>
          new Client().call('/auth/register', { body: newAccount() }),
        ),
        ...creators.map(({ client }, i) =>
          client.call('/join', { body: { roomName: `New ${i}` } }),
        ),
        // Each room and each user deleted by both administrators at once: one wins.
        ...doomedRooms.flatMap((roomId) =>
          [first!, second!].map(({ client }) =>
            client.call(`/admin/rooms/${roomId}`, { method: 'DELETE' }),
          ),
        ),
        ...doomedUsers.flatMap(({ user }) =>
          [first!, second!].map(({ client }) =>
            client.call(`/admin/users/${user.id}`, { method: 'DELETE' }),
          ),
        ),
        ...leavers.map(({ client, account }) =>
          client.call('/auth/settings/account', {
            method: 'DELETE',
            body: { password: account.password },
          }),
        ),
      ];
      const results = await Promise.all(calls);
      const statuses = results.map((res) => res.status);
      const deletions = statuses.slice(RACERS * 2, RACERS * 2 + 60);
      expect(statuses.slice(0, RACERS)).toEqual(Array(RACERS).fill(201));
      expect(
        statuses.slice(RACERS, RACERS * 2),
        JSON.stringify(results.slice(RACERS, RACERS * 2)),
      ).toEqual(Array(RACERS).fill(200));
      // 20 rooms and 10 users, each deleted twice at once: one 200 and one 404 apiece.
      expect(deletions.filter((status) => status === 200)).toHaveLength(30);
      expect(deletions.filter((status) => status === 404)).toHaveLength(30);
      expect(statuses.slice(RACERS * 2 + 60)).toEqual(Array(10).fill(200));

      const after = await stats();
      expect(after).toEqual(await truth());
      expect(after.users).toBe(before.users + RACERS - 20);
      expect(after.rooms).toBe(before.rooms + RACERS - 20);
    },
    SLOW_MS,
  );

  it("counts a room's messages once flushed, and drops them with the room", async () => {
    const member = await signedInClient();
    const roomId = await createRoom(member.client, 'Chatty', 'Member');
    const socket = await TestSocket.joined(member.client, roomId, 'Member');
    const before = await stats();
    for (const text of ['one', 'two', 'three']) {
      expect(await socket.emit('sendMessage', { text, roomId })).toEqual({});
    }
    // The room object copies its count to D1 about once a second (room-summary.ts).
    const deadline = Date.now() + 10_000;
    while ((await stats()).messages < before.messages + 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const flushed = await stats();
    expect(flushed.messages).toBe(before.messages + 3);
    expect(flushed).toEqual(await truth());
    socket.close();

    const res = await admins[0]!.client.call(`/admin/rooms/${roomId}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const after = await stats();
    expect(after).toEqual({ ...flushed, rooms: flushed.rooms - 1, messages: before.messages });
    expect(after).toEqual(await truth());
  });

  it('start, in the migration that made them, from the tables as they were', async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0003_'));
    const seeding = migration!.queries.filter((query) => query.includes('INSERT INTO `counters`'));
    expect(seeding).toHaveLength(3);
    await env.DB.batch([
      env.DB.prepare('DELETE FROM counters'),
      ...seeding.map((query) => env.DB.prepare(query)),
    ]);
    expect(await stats()).toEqual(await truth());
  });
});
