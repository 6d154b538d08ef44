/**
 * GET /api/rooms/:roomId: the caller's entry for one room, exactly as GET /api/rooms gives it,
 * for a room beyond that list's 200 most recently active (the chat screen learns from it
 * whether the caller owns the room, and whether it is a private conversation and its name).
 * Members only, refused as GET /api/rooms/:roomId/notifications is.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { Client, signedInClient } from './support/api';
import { roomListEntry } from './support/messages';
import { createRoom, joinRoom, ownerAndGuest } from './support/rooms';

const get = (client: Client, roomId: string) => client.call(`/rooms/${roomId}`);

/** Puts `count` busier rooms in front of all of `userId`'s others in their room list. */
async function busierRooms(userId: string, count: number) {
  const now = Date.now();
  const tag = crypto.randomUUID().replaceAll('-', '');
  const statements = [];
  for (let i = 0; i < count; i += 1) {
    const roomId = `busy${tag}${i}`;
    statements.push(
      env.DB.prepare(
        'INSERT INTO rooms (room_id, name, last_message_at, created_at) VALUES (?, ?, ?, ?)',
      ).bind(roomId, `Busy ${i}`, now + i, now),
      env.DB.prepare(
        'INSERT INTO memberships (id, room_id, user_id, nickname, nickname_key) VALUES (?, ?, ?, ?, ?)',
      ).bind(`m-${roomId}`, roomId, userId, 'Someone', 'someone'),
    );
  }
  await env.DB.batch(statements);
}

describe('GET /api/rooms/:roomId', () => {
  it('answers the room as the room list does, for its owner and for another member', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Summary' });
    await guest.client.call(`/rooms/${roomId}/notifications`, {
      method: 'PUT',
      body: { level: 'off' },
    });
    const forOwner = await get(owner.client, roomId);
    expect(forOwner.status).toBe(200);
    expect(forOwner.body).toEqual({ room: await roomListEntry(owner.client, roomId) });
    expect(forOwner.body.room).toMatchObject({
      roomId,
      name: 'Summary',
      activeNickname: 'Owner',
      isOwner: true,
      notificationLevel: 'all',
      notificationLevelChosen: false,
    });
    expect(forOwner.body.room).not.toHaveProperty('direct');

    const forGuest = await get(guest.client, roomId);
    expect(forGuest.status).toBe(200);
    expect(forGuest.body).toEqual({ room: await roomListEntry(guest.client, roomId) });
    expect(forGuest.body.room).toMatchObject({
      name: 'Summary',
      activeNickname: 'Guest',
      isOwner: false,
      notificationLevel: 'off',
      notificationLevelChosen: true,
    });
  });

  it('names a private conversation after the other person, on each side', async () => {
    const alice = await signedInClient();
    const bob = await signedInClient();
    const roomId = await createRoom(alice.client, 'Friends', 'Alice');
    expect((await joinRoom(bob.client, roomId, 'Bob')).status).toBe(200);
    const opened = await alice.client.call(`/rooms/${roomId}/direct`, {
      body: { nickname: 'Bob' },
    });
    expect(opened.status).toBe(201);
    const direct = opened.body.roomId as string;

    const forAlice = await get(alice.client, direct);
    expect(forAlice.status).toBe(200);
    expect(forAlice.body.room).toMatchObject({
      roomId: direct,
      name: 'Bob',
      direct: true,
      activeNickname: 'Alice',
      isOwner: false,
    });
    expect(forAlice.body).toEqual({ room: await roomListEntry(alice.client, direct) });
    expect((await get(bob.client, direct)).body.room).toMatchObject({
      name: 'Alice',
      direct: true,
      activeNickname: 'Bob',
    });
  });

  it('answers a room the room list no longer holds (past its 200)', async () => {
    const { owner, roomId } = await ownerAndGuest({ name: 'Quiet' });
    await busierRooms(owner.user.id, 200);
    expect(await roomListEntry(owner.client, roomId)).toBeUndefined();
    const answer = await get(owner.client, roomId);
    expect(answer.status).toBe(200);
    expect(answer.body.room).toMatchObject({ roomId, name: 'Quiet', isOwner: true });
  });

  it('answers 404 to a stranger, for unknown and malformed ids, to a kicked and to a banned member; 401 logged out', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const stranger = await signedInClient();
    const notFound = { status: 404, body: { error: 'Room not found' } };
    expect(await get(stranger.client, roomId)).toMatchObject(notFound);
    expect(await get(stranger.client, 'no-such-room-at-all')).toMatchObject(notFound);
    expect(await get(stranger.client, 'bad')).toMatchObject(notFound);
    expect(await get(stranger.client, 'x'.repeat(65))).toMatchObject(notFound);
    expect(await get(stranger.client, encodeURIComponent('bad id with spaces!'))).toMatchObject(
      notFound,
    );
    expect((await get(new Client(), roomId)).status).toBe(401);

    const other = await ownerAndGuest();
    await env.DB.prepare('INSERT INTO room_bans (room_id, user_id, nickname) VALUES (?, ?, ?)')
      .bind(other.roomId, other.guest.user.id, 'Guest')
      .run();
    expect(await get(other.guest.client, other.roomId)).toMatchObject(notFound);

    expect((await get(guest.client, roomId)).status).toBe(200);
    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(kick.status).toBe(200);
    expect(await get(guest.client, roomId)).toMatchObject(notFound);
  });
});
