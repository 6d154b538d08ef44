/**
 * A leave or a kick reads "not the owner", then writes. A hand-over to that very person landing
 * between the two must win: the write itself carries the condition, so the room is never owned
 * by someone who is not in it (its settings, kicks and hand-over out of everyone's reach but an
 * administrator's), and the room object hears of no leave or kick that did not happen. The
 * hand-over runs in a `d1BeforeBatch` hook: after the route's reads, before its batch.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { roomMessages } from '../../contract/rooms';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { CHANGED_MEANWHILE } from '../../worker/error-handler';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { callWithD1, duringHandOver } from './support/held-d1';
import { signedInClient } from './support/api';
import { joinRoom, ownerAndGuestJoined } from './support/rooms';

/** Who owns the room, whether they are in it, whether the guest is banned. */
async function storedState(roomId: string, guestId: string) {
  const room = await env.DB.prepare('SELECT created_by FROM rooms WHERE room_id = ?')
    .bind(roomId)
    .first<{ created_by: string }>();
  const count = (sql: string, ...values: string[]) =>
    env.DB.prepare(sql)
      .bind(...values)
      .first<{ n: number }>()
      .then((row) => row!.n);
  return {
    owner: room!.created_by,
    ownerIsMember: await count(
      'SELECT COUNT(*) AS n FROM memberships WHERE room_id = ? AND user_id = ?',
      roomId,
      room!.created_by,
    ),
    guestBanned: await count(
      'SELECT COUNT(*) AS n FROM room_bans WHERE room_id = ? AND user_id = ?',
      roomId,
      guestId,
    ),
  };
}

/** The room object still counts the guest a member: it was told of no leave or kick. */
const objectKnowsGuest = (roomId: string) =>
  runInDurableObject(roomStub(env, roomId), (room: ChatRoom) =>
    room.parts.members.userIdOf('Guest'),
  );

it('does not leave the room owned by someone who left it', async () => {
  const { owner, guest, roomId, b } = await ownerAndGuestJoined({ name: 'Handed over' });
  const left = await duringHandOver(owner.client, roomId, guest.user.id, (DB) =>
    callWithD1(DB, guest.client, `/rooms/${roomId}/membership`, { method: 'DELETE' }),
  );

  // What a retry would answer: they own the room now.
  expect(left).toEqual({ status: 409, body: { error: roomMessages.ownerCannotLeave } });
  expect(await storedState(roomId, guest.user.id)).toEqual({
    owner: guest.user.id,
    ownerIsMember: 1,
    guestBanned: 0,
  });
  const stored = await env.DB.prepare('SELECT room_id FROM users WHERE id = ?')
    .bind(guest.user.id)
    .first<{ room_id: string | null }>();
  expect(stored?.room_id).toBe(roomId);
  expect(await objectKnowsGuest(roomId)).toBe(guest.user.id);
  b.close();
});

it('neither removes nor bans the person a kick finds the owner by the time it writes', async () => {
  const { owner, guest, roomId, b } = await ownerAndGuestJoined({ name: 'Handed over' });
  const kicked = await duringHandOver(owner.client, roomId, guest.user.id, (DB) =>
    callWithD1(DB, owner.client, `/rooms/${roomId}/kick`, {
      method: 'POST',
      body: { targetUserId: guest.user.id },
    }),
  );

  expect(kicked).toEqual({ status: 403, body: { error: 'The room creator cannot be kicked' } });
  expect(await storedState(roomId, guest.user.id)).toEqual({
    owner: guest.user.id,
    ownerIsMember: 1,
    guestBanned: 0,
  });
  expect(await objectKnowsGuest(roomId)).toBe(guest.user.id);
  b.close();
});

it('lets no kick through from an owner whose room was handed on since the check', async () => {
  const { owner, guest, roomId, b } = await ownerAndGuestJoined({ name: 'Handed over' });
  const third = await signedInClient();
  await joinRoom(third.client, roomId, 'Third');
  const kicked = await duringHandOver(owner.client, roomId, guest.user.id, (DB) =>
    callWithD1(DB, owner.client, `/rooms/${roomId}/kick`, {
      method: 'POST',
      body: { targetUserId: third.user.id },
    }),
  );

  expect(kicked).toEqual({ status: 409, body: { error: CHANGED_MEANWHILE } });
  const row = await env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM memberships WHERE room_id = ?1 AND user_id = ?2) AS member,
            (SELECT COUNT(*) FROM room_bans WHERE room_id = ?1 AND user_id = ?2) AS banned`,
  )
    .bind(roomId, third.user.id)
    .first<{ member: number; banned: number }>();
  expect(row).toEqual({ member: 1, banned: 0 });
  b.close();
});
