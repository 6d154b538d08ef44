/**
 * Leaving a room for good (DELETE /api/rooms/:roomId/membership): the membership goes, the
 * leaver's sockets there close (they neither talk nor hear), the room forgets them for '@',
 * the others see them go as when a tab closes, and pushes stop. It is not a ban: an invite
 * link lets them back in. The owner cannot leave, a private conversation is not left this
 * way, and a stranger learns nothing.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { roomMessages } from '../../contract/rooms';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { pushRecipients } from '../../worker/push/push-recipients';
import type { RoomPushMessage } from '../../worker/push/push-messages';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { Client, signedInClient } from './support/api';
import { signedInAdmin } from './support/admin';
import { newSubscriber, subscribe } from './support/push';
import { createRoom, joinRoom, ownerAndGuest, ownerAndGuestJoined } from './support/rooms';
import { endedWithNotice } from './support/socket';

const leave = (client: Client, roomId: string, origin?: string) =>
  client.call(`/rooms/${roomId}/membership`, { method: 'DELETE', origin });

async function membershipOf(roomId: string, userId: string) {
  return env.DB.prepare('SELECT id FROM memberships WHERE room_id = ? AND user_id = ?')
    .bind(roomId, userId)
    .first();
}

describe('DELETE /api/rooms/:roomId/membership', () => {
  it('ends the membership and the sockets; the others see the person go', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined();
    // The owner's online list has the guest before they leave.
    await a.waitFor((frame) => frame.includes('"roomData"') && frame.includes('Guest'));
    const listsBefore = a.events('roomData').length;
    const started = Date.now();

    const res = await leave(guest.client, roomId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await membershipOf(roomId, guest.user.id)).toBeNull();
    const stored = await env.DB.prepare('SELECT room_id FROM users WHERE id = ?')
      .bind(guest.user.id)
      .first<{ room_id: string | null }>();
    expect(stored?.room_id).toBeNull();

    await endedWithNotice(b, roomMessages.youLeft, started);
    // The online list loses them, with the notice a closed tab gives.
    await a.waitFor((frame) => frame.includes('Guest has left the room'));
    const lists = await a.waitForEvent('roomData', listsBefore + 1);
    const latest = lists.at(-1) as { users: { nickname: string }[] };
    expect(latest.users.map((user) => user.nickname)).toEqual(['Owner']);
    // '@Guest' names nobody now.
    const known = await runInDurableObject(roomStub(env, roomId), async (room: ChatRoom) =>
      room.parts.members.userIdOf('Guest'),
    );
    expect(known).toBeUndefined();
    // The room list no longer has it, and the room's own entry is refused.
    const rooms = await guest.client.call('/rooms');
    expect(rooms.body.map((room: { roomId: string }) => room.roomId)).not.toContain(roomId);
    expect((await guest.client.call(`/rooms/${roomId}`)).status).toBe(404);
    a.close();
  });

  it('is not a ban: the invite link lets the person in again as a newcomer', async () => {
    const { guest, roomId } = await ownerAndGuest();
    expect((await leave(guest.client, roomId)).status).toBe(200);
    const again = await joinRoom(guest.client, roomId, 'Back');
    expect(again.status).toBe(200);
    expect(again.body.activeNickname).toBe('Back');
    expect(await membershipOf(roomId, guest.user.id)).not.toBeNull();
  });

  it('stops the room pushes to the person', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    await env.DB.prepare(
      "UPDATE memberships SET notification_level = 'all' WHERE room_id = ? AND user_id = ?",
    )
      .bind(roomId, guest.user.id)
      .run();
    const subscriber = await newSubscriber();
    await subscribe(guest.client, subscriber);
    const message: RoomPushMessage = {
      kind: 'room',
      roomId,
      latest: [{ id: 1, authorId: owner.user.id }],
      mentions: [],
      replies: [],
      joined: [],
    };
    const pushedTo = async () =>
      (await pushRecipients(env.DB, message)).map((delivery) => delivery.endpoint);
    expect(await pushedTo()).toContain(subscriber.endpoint);
    expect((await leave(guest.client, roomId)).status).toBe(200);
    expect(await pushedTo()).not.toContain(subscriber.endpoint);
  });

  it('lets an administrator leave the moderator membership they joined with', async () => {
    const { roomId } = await ownerAndGuest();
    const admin = await signedInAdmin();
    expect((await admin.client.call(`/admin/join/${roomId}`, { method: 'POST' })).status).toBe(200);
    expect((await leave(admin.client, roomId)).status).toBe(200);
    expect(await membershipOf(roomId, admin.user.id)).toBeNull();
  });

  it('refuses the owner, who stays a member', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const res = await leave(owner.client, roomId);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(roomMessages.ownerCannotLeave);
    expect(await membershipOf(roomId, owner.user.id)).not.toBeNull();
  });

  it('refuses to leave a private conversation, pointing at blocking', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const opened = await owner.client.call(`/rooms/${roomId}/direct`, {
      body: { nickname: 'Guest' },
    });
    expect(opened.status).toBe(201);
    const direct = opened.body.roomId as string;
    for (const member of [owner, guest]) {
      const res = await leave(member.client, direct);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/block/i);
      expect(await membershipOf(direct, member.user.id)).not.toBeNull();
    }
  });

  it('answers a stranger, an unknown room and a malformed id alike: 404', async () => {
    const { roomId } = await ownerAndGuest();
    const stranger = await signedInClient();
    const unknown = await createRoom((await signedInClient()).client);
    for (const id of [roomId, `${unknown}x`, 'bad!id']) {
      const res = await leave(stranger.client, id);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(roomMessages.roomNotFound);
    }
  });

  it('refuses another site and a signed-out caller', async () => {
    const { guest, roomId } = await ownerAndGuest();
    expect((await leave(guest.client, roomId, 'https://evil.example')).status).toBe(403);
    const signedOut = await leave(new Client(), roomId);
    expect(signedOut.status).toBe(401);
    expect(await membershipOf(roomId, guest.user.id)).not.toBeNull();
  });
});
