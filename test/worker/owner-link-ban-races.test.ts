/**
 * An invite reset, a new limited link and a lifted ban read "the caller owns the room", then
 * write. A hand-over landing between the two must win: the write itself carries the condition,
 * so the old owner changes nothing in the new owner's room and gets the 409 a late rename gets.
 * The hand-over runs in a D1 hook (held-d1.ts): after the route's reads, before its write.
 */
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { CHANGED_MEANWHILE } from '../../worker/error-handler';
import { signedInAdmin } from './support/admin';
import { signedInClient } from './support/api';
import { callWithD1, d1BeforeStatement, duringHandOver } from './support/held-d1';
import { joinRoom, ownerAndGuest } from './support/rooms';

/** The room's standing invite code and how many limited links it has. */
const storedLinks = (roomId: string) =>
  env.DB.prepare(
    `SELECT invite_code AS code,
            (SELECT COUNT(*) FROM room_invites WHERE room_id = ?1) AS links
     FROM rooms WHERE room_id = ?1`,
  )
    .bind(roomId)
    .first<{ code: string | null; links: number }>();

const bansOf = (roomId: string, userId: string) =>
  env.DB.prepare('SELECT COUNT(*) AS n FROM room_bans WHERE room_id = ? AND user_id = ?')
    .bind(roomId, userId)
    .first<{ n: number }>()
    .then((row) => row!.n);

/** A room with a limited link (which gives it a standing code too), and a guest to hand it to. */
async function roomWithLink() {
  const room = await ownerAndGuest({ name: 'Handed over' });
  const made = await room.owner.client.call(`/rooms/${room.roomId}/invites`, {
    body: { maxUses: 3 },
  });
  expect(made.status).toBe(201);
  return { ...room, before: await storedLinks(room.roomId) };
}

it('resets no invite link for an owner whose room was handed on since the check', async () => {
  const { owner, guest, roomId, before } = await roomWithLink();
  const reset = await duringHandOver(owner.client, roomId, guest.user.id, (DB) =>
    callWithD1(DB, owner.client, `/rooms/${roomId}/invite/reset`, { method: 'POST' }),
  );

  expect(reset).toEqual({ status: 409, body: { error: CHANGED_MEANWHILE } });
  expect(await storedLinks(roomId)).toEqual(before);
  // The new owner's reset still goes through: a new code, and the limited link revoked.
  const reset2 = await guest.client.call(`/rooms/${roomId}/invite/reset`, { method: 'POST' });
  expect(reset2.status).toBe(200);
  const after = await storedLinks(roomId);
  expect(after?.links).toBe(0);
  expect(after?.code).not.toBe(before?.code);
});

it('makes no limited link for an owner whose room was handed on since the check', async () => {
  const { owner, guest, roomId, before } = await roomWithLink();
  const made = await duringHandOver(owner.client, roomId, guest.user.id, (DB) =>
    callWithD1(DB, owner.client, `/rooms/${roomId}/invites`, {
      method: 'POST',
      body: { expiresInHours: 2 },
    }),
  );

  expect(made).toEqual({ status: 409, body: { error: CHANGED_MEANWHILE } });
  expect(await storedLinks(roomId)).toEqual(before);
  const byNewOwner = await guest.client.call(`/rooms/${roomId}/invites`, {
    body: { expiresInHours: 2 },
  });
  expect(byNewOwner.status).toBe(201);
  expect((await storedLinks(roomId))?.links).toBe(2);
});

/** A room whose owner banned `banned` (by a kick), with `heir` in it to hand it to. */
async function roomWithBan() {
  const { owner, guest: heir, roomId } = await ownerAndGuest({ name: 'Handed over' });
  const banned = await signedInClient();
  expect((await joinRoom(banned.client, roomId, 'Banned')).status).toBe(200);
  const kicked = await owner.client.call(`/rooms/${roomId}/kick`, {
    body: { targetUserId: banned.user.id },
  });
  expect(kicked.status).toBe(200);
  expect(await bansOf(roomId, banned.user.id)).toBe(1);
  return { owner, heir, banned, roomId };
}

it('lifts no ban for an owner whose room was handed on since the check', async () => {
  const { owner, heir, banned, roomId } = await roomWithBan();
  const unban = `/rooms/${roomId}/bans/${banned.user.id}`;
  // The lift is one statement, no batch: the hand-over lands just before it.
  let handOver = 0;
  const DB = d1BeforeStatement(/^delete from "room_bans"/i, async () => {
    const res = await owner.client.call(`/rooms/${roomId}/owner`, {
      body: { userId: heir.user.id },
    });
    handOver = res.status;
  });
  const res = await callWithD1(DB, owner.client, unban, { method: 'DELETE' });
  expect(handOver).toBe(200);
  const lifted = { status: res.status, body: res.body };

  expect(lifted).toEqual({ status: 409, body: { error: CHANGED_MEANWHILE } });
  expect(await bansOf(roomId, banned.user.id)).toBe(1);
  expect((await joinRoom(banned.client, roomId, 'Banned')).status).toBe(403);
  // The new owner lifts it; a second lift finds no ban (404, not a 409).
  expect((await heir.client.call(unban, { method: 'DELETE' })).status).toBe(200);
  expect(await bansOf(roomId, banned.user.id)).toBe(0);
  expect((await heir.client.call(unban, { method: 'DELETE' })).status).toBe(404);
});

it('lets an administrator lift a ban in a room they do not own', async () => {
  const { banned, roomId } = await roomWithBan();
  const admin = await signedInAdmin();
  const unban = `/rooms/${roomId}/bans/${banned.user.id}`;
  expect((await admin.client.call(unban, { method: 'DELETE' })).status).toBe(200);
  expect(await bansOf(roomId, banned.user.id)).toBe(0);
  expect((await admin.client.call(unban, { method: 'DELETE' })).status).toBe(404);
});
