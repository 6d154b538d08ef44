/**
 * Unread counts: the `read` event moves a member's read position (never back, never past the
 * newest message), sending moves the sender's, and the room writes the positions to D1 with
 * its summary, in one batch from the alarm; GET /api/rooms answers the counts from two
 * columns and lists rooms with unread messages first.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { spread } from '../../worker/chat/messages/summary-timing';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signedInClient, type Client } from './support/api';
import { createRoom, joinRoom, ownerAndGuestJoined } from './support/rooms';
import { TestSocket } from './support/socket';

async function unreadOf(client: Client, roomId: string) {
  const rooms = (await client.call('/rooms')).body as { roomId: string; unreadCount: number }[];
  return rooms.find((room) => room.roomId === roomId)?.unreadCount;
}

async function lastReadId(roomId: string, userId: string) {
  const row = await env.DB.prepare(
    'SELECT last_read_id FROM memberships WHERE room_id = ? AND user_id = ?',
  )
    .bind(roomId, userId)
    .first<{ last_read_id: number }>();
  return row?.last_read_id;
}

const flush = (roomId: string) => runDurableObjectAlarm(roomStub(env, roomId));

/** Sends each text and waits for it to come back (the acknowledgement comes just before it). */
async function send(socket: TestSocket, roomId: string, ...texts: string[]) {
  for (const text of texts) {
    expect(await socket.emit('sendMessage', { text, roomId })).toEqual({});
    await socket.waitFor((frame) => frame.includes(JSON.stringify(text)));
  }
}

/** Replaces the room's D1 binding with one that counts every call that reaches D1. */
async function countD1Calls(roomId: string) {
  const calls = { batches: 0, statements: 0, single: 0, rowsRead: 0 };
  await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
    const holder = room as unknown as { env: Env };
    const db = holder.env.DB;
    const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
      new Proxy(statement, {
        get(target, key) {
          if (key === 'bind') {
            return (...values: unknown[]) => wrapStatement(target.bind(...values));
          }
          if (key === 'run' || key === 'first' || key === 'all' || key === 'raw') {
            calls.single += 1;
          }
          const value = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    const counting = new Proxy(db, {
      get(target, key) {
        if (key === 'batch') {
          return async (statements: D1PreparedStatement[]) => {
            calls.batches += 1;
            calls.statements += statements.length;
            const results = await target.batch(statements);
            for (const result of results) calls.rowsRead += result.meta.rows_read;
            return results;
          };
        }
        if (key === 'prepare') return (query: string) => wrapStatement(target.prepare(query));
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    holder.env = new Proxy(holder.env, {
      get: (target, key) => (key === 'DB' ? counting : Reflect.get(target, key)),
    });
  });
  return calls;
}

describe('unread counts', () => {
  it("counts others' messages after the read position; sending moves the sender's own", async () => {
    const { roomId, owner, guest, a, b } = await ownerAndGuestJoined({ name: 'Counts' });
    await send(a, roomId, 'one', 'two', 'three');
    await flush(roomId);
    expect(await unreadOf(guest.client, roomId)).toBe(3);
    expect(await unreadOf(owner.client, roomId)).toBe(0);

    await send(b, roomId, 'reply');
    await send(a, roomId, 'and one more');
    await flush(roomId);
    // The guest's reply moved their position past the owner's three: one unread since.
    expect(await unreadOf(guest.client, roomId)).toBe(1);
    expect(await unreadOf(owner.client, roomId)).toBe(0);
    a.close();
    b.close();
  });

  it('moves the position on `read`, never back and never beyond the newest message', async () => {
    const { roomId, guest, a, b } = await ownerAndGuestJoined({ name: 'Reads' });
    await send(a, roomId, 'm1', 'm2', 'm3', 'm4');
    const ids = a.events('message').map((m) => m.id as number);
    await flush(roomId);
    expect(await unreadOf(guest.client, roomId)).toBe(4);

    expect(await b.emit('read', { messageId: ids[1] })).toEqual({});
    await flush(roomId);
    expect(await unreadOf(guest.client, roomId)).toBe(2);
    expect(await lastReadId(roomId, guest.user.id)).toBe(ids[1]);

    expect(await b.emit('read', { messageId: ids[0] })).toEqual({});
    await flush(roomId);
    expect(await lastReadId(roomId, guest.user.id)).toBe(ids[1]);
    expect(await unreadOf(guest.client, roomId)).toBe(2);

    expect(await b.emit('read', { messageId: 1_000_000 })).toEqual({});
    await flush(roomId);
    expect(await lastReadId(roomId, guest.user.id)).toBe(ids[3]);
    expect(await unreadOf(guest.client, roomId)).toBe(0);

    expect((await b.emit('read', { messageId: 'latest' })).error).toBeTruthy();
    expect((await b.emit('read', { messageId: -1 })).error).toBeTruthy();
    expect((await b.emit('read')).error).toBeTruthy();
    a.close();
    b.close();
  });

  it("tells each member their own read position, in the list and the room's own entry", async () => {
    const { roomId, owner, guest, a, b } = await ownerAndGuestJoined({ name: 'Positions' });
    await send(a, roomId, 'p1', 'p2', 'p3');
    const ids = a.events('message').map((m) => m.id as number);
    await flush(roomId);
    const positionOf = async (client: Client) => {
      const rooms = (await client.call('/rooms')).body as { roomId: string; lastReadId: number }[];
      const listed = rooms.find((room) => room.roomId === roomId)?.lastReadId;
      const own = (await client.call(`/rooms/${roomId}`)).body as { room: { lastReadId: number } };
      expect(own.room.lastReadId).toBe(listed);
      return listed;
    };
    // The guest has read nothing of it yet; the owner's own messages moved theirs.
    const before = await positionOf(guest.client);
    expect(before).toBeLessThan(ids[0]!);
    expect(await positionOf(owner.client)).toBe(ids[2]);

    expect(await b.emit('read', { messageId: ids[1] })).toEqual({});
    // Not before the room's flush: the list reads D1, which the room writes about a second later.
    expect(await positionOf(guest.client)).toBe(before);
    await flush(roomId);
    expect(await positionOf(guest.client)).toBe(ids[1]);
    expect(await positionOf(owner.client)).toBe(ids[2]);
    a.close();
    b.close();
  });

  it('refuses `read` before a join and drops a flood of them', async () => {
    const { roomId, guest } = await ownerAndGuestJoined({ name: 'Flood' });
    const { socket } = await TestSocket.connect(guest.client, roomId);
    expect((await socket.emit('read', { messageId: 1 })).error).toMatch(/join/i);
    const joined = await TestSocket.joined(guest.client, roomId, 'Guest');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => joined.emit('read', { messageId: 1 })),
    );
    expect(answers.filter((answer) => answer.error === 'Too many reads').length).toBeGreaterThan(0);
    expect(answers.filter((answer) => !answer.error).length).toBeLessThanOrEqual(6);
    socket.close();
    joined.close();
  });

  it('writes no D1 row per message or read: one batch from the alarm carries them all', async () => {
    const { roomId, guest, a, b } = await ownerAndGuestJoined({ name: 'Batched' });
    await send(a, roomId, 'warm-up');
    await flush(roomId);
    const calls = await countD1Calls(roomId);

    // Four reads: within a socket's burst of `read` events.
    for (let i = 0; i < 4; i++) {
      await send(a, roomId, `message ${i}`);
      const newest = a.events('message').at(-1).id as number;
      await b.emit('read', { messageId: newest - 1 });
    }
    expect(calls).toMatchObject({ batches: 0, statements: 0, single: 0 });

    expect(await flush(roomId)).toBe(true);
    // The message counter, the room's summary, one statement for the positions that moved, and
    // the push's question whether anyone away could be told (room-push.ts).
    expect(calls).toMatchObject({ batches: 1, statements: 4, single: 0 });
    expect(await unreadOf(guest.client, roomId)).toBe(1);

    // Nothing new: the alarm writes nothing.
    await flush(roomId);
    expect(calls.batches).toBe(1);
    a.close();
    b.close();
  });

  it('moves forty positions in two statements, each row only forward, reading only those rows', async () => {
    const { roomId, owner, a } = await ownerAndGuestJoined({ name: 'Crowd' });
    await send(a, roomId, 'one', 'two', 'three');
    const newest = a.events('message').at(-1).id as number;
    await flush(roomId);
    // Forty more members (straight into D1: signing up forty people is not the point here).
    const crowd = Array.from({ length: 40 }, (_, i) => `crowd-${roomId}-${i}`);
    await env.DB.batch(
      crowd.flatMap((userId, i) => [
        env.DB.prepare(
          `INSERT INTO users (id, email, password_hash, password_salt, password_iterations, nickname)
           VALUES (?, ?, 'x', 'x', 1, ?)`,
        ).bind(userId, `${userId}@example.com`, `Crowd ${i}`),
        env.DB.prepare(
          `INSERT INTO memberships (id, room_id, user_id, nickname, nickname_key, last_read_id)
           VALUES (?, ?, ?, ?, ?, ?)`,
        ).bind(`m-${userId}`, roomId, userId, `Crowd ${i}`, `crowd ${i}`, i === 0 ? newest : 0),
      ]),
    );
    const calls = await countD1Calls(roomId);
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      // Everyone has read up to the second message; the first of them had read all three.
      for (const userId of crowd)
        room.parts.messages.reads.read(userId, newest - 1, room.parts.messages.store.latestId());
    });
    expect(await flush(roomId)).toBe(true);
    expect(calls).toMatchObject({ batches: 1, statements: 2, single: 0 });
    // Two rows read a position (its index entry and its row), where a join of the members
    // with a list of positions would read 42 members for each of the 40 positions.
    expect(calls.rowsRead).toBeGreaterThan(0);
    expect(calls.rowsRead).toBeLessThanOrEqual(2 * 40);
    const positions = await env.DB.prepare(
      `SELECT user_id, last_read_id FROM memberships WHERE room_id = ? AND user_id LIKE 'crowd-%'`,
    )
      .bind(roomId)
      .all<{ user_id: string; last_read_id: number }>();
    const byUser = new Map(positions.results.map((row) => [row.user_id, row.last_read_id]));
    expect(byUser.get(crowd[0]!)).toBe(newest);
    for (const userId of crowd.slice(1)) expect(byUser.get(userId)).toBe(newest - 1);
    // The owner, who moved nothing, keeps their own position.
    expect(await lastReadId(roomId, owner.user.id)).toBe(newest);
    a.close();
  });

  it("writes a quiet room's summary about a second after its message, a busy one's about every five", async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Cadence' });
    const alarmIn = () =>
      runInDurableObject(roomStub(env, roomId), async (room: ChatRoom) => {
        const at = await (room as unknown as { ctx: DurableObjectState }).ctx.storage.getAlarm();
        return (at ?? Infinity) - Date.now();
      });
    await send(a, roomId, 'first');
    // A quarter either way, at random (room-messages.ts): rooms told at once flush apart.
    expect(await alarmIn()).toBeLessThanOrEqual(1250);
    expect(await flush(roomId)).toBe(true);
    await send(b, roomId, 'second');
    const wait = await alarmIn();
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(6250);
    a.close();
    b.close();
  });

  it('gives the exact count past 99 (clients show 99+), and a newcomer starts at zero', async () => {
    const { roomId, guest, a, b } = await ownerAndGuestJoined({ name: 'Busy' });
    b.close();
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      for (let i = 0; i < 120; i++)
        room.parts.messages.store.add(null, 'ChatModerator', `m${i}`, 'user');
    });
    await flush(roomId);
    expect(await unreadOf(guest.client, roomId)).toBe(120);

    const late = await signedInClient();
    await joinRoom(late.client, roomId, 'Late');
    expect(await unreadOf(late.client, roomId)).toBe(0);
    a.close();
  });

  it('lists rooms with unread messages first, then the most recently active', async () => {
    const owner = await signedInClient();
    const guest = await signedInClient();
    const quiet = await createRoom(owner.client, 'Quiet', 'Owner');
    await joinRoom(guest.client, quiet, 'Guest');
    const fresh = await createRoom(guest.client, 'Fresh', 'Guest');
    const theirs = await TestSocket.joined(owner.client, quiet, 'Owner');
    await send(theirs, quiet, 'hello guest');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const mine = await TestSocket.joined(guest.client, fresh, 'Guest');
    await send(mine, fresh, 'my own news');
    await flush(quiet);
    await flush(fresh);
    // 'Fresh' has the newest message, but it is the guest's own: 'Quiet' has one unread.
    const rooms = (await guest.client.call('/rooms')).body as {
      roomId: string;
      unreadCount: number;
      lastMessageId: number;
    }[];
    expect(rooms.map((room) => [room.roomId, room.unreadCount])).toEqual([
      [quiet, 1],
      [fresh, 0],
    ]);
    expect(rooms[0]!.lastMessageId).toBe(theirs.events('message').at(-1).id);
    mine.close();
    theirs.close();
  });
});

describe('the summary’s waits', () => {
  it('are spread a quarter either way, so rooms told at once do not flush at once', () => {
    expect(spread(1000, () => 0)).toBe(750);
    expect(spread(1000, () => 0.5)).toBe(1000);
    expect(spread(5000, () => 0.999_999)).toBe(6250);
    const waits = new Set(Array.from({ length: 20 }, () => spread(5000)));
    expect(waits.size).toBeGreaterThan(1);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(3750);
      expect(wait).toBeLessThanOrEqual(6250);
    }
  });
});
