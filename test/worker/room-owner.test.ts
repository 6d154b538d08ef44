/**
 * "Make owner" (POST /api/rooms/:roomId/owner): the owner, or an administrator, hands the room
 * to one of its members. D1 says so at once, and so does the room object: the old owner loses
 * the power to delete anyone's message, the new one gains it, and the room hears who owns it.
 * The old owner is an ordinary member after: they may leave, and the new owner may kick them.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { newOwnerNotice, roomOwnerMessages } from '../../contract/room-owner';
import { roomMessages } from '../../contract/rooms';
import { escapeHtml } from '../../worker/chat/messages/render-message';
import { Client, signedInClient } from './support/api';
import { signedInAdmin } from './support/admin';
import { eventsFor, post, refusedWith } from './support/messages';
import { createRoom, joinRoom, ownerAndGuest, ownerAndGuestJoined } from './support/rooms';

const makeOwner = (client: Client, roomId: string, userId: unknown, origin?: string) =>
  client.call(`/rooms/${roomId}/owner`, { body: { userId }, origin });

async function ownerOf(roomId: string) {
  const row = await env.DB.prepare('SELECT created_by FROM rooms WHERE room_id = ?')
    .bind(roomId)
    .first<{ created_by: string | null }>();
  return row?.created_by;
}

describe('POST /api/rooms/:roomId/owner', () => {
  it('hands the room over: D1, the members list and the invite link follow', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const res = await makeOwner(owner.client, roomId, guest.user.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: newOwnerNotice('Guest') });
    expect(await ownerOf(roomId)).toBe(guest.user.id);

    const members = await guest.client.call(`/rooms/${roomId}/members`);
    expect(members.status).toBe(200);
    expect(members.body).toMatchObject({ isOwner: true, roomCreator: guest.user.id });
    // The old owner's panel goes: the members list is the owner's and administrators' only.
    expect((await owner.client.call(`/rooms/${roomId}/members`)).status).toBe(403);
    expect((await guest.client.call(`/rooms/${roomId}/invite`)).body.canManage).toBe(true);
    expect((await owner.client.call(`/rooms/${roomId}/invite`)).body.canManage).toBe(false);
    const entry = (await owner.client.call(`/rooms/${roomId}`)).body.room;
    expect(entry.isOwner).toBe(false);

    const audit = await env.DB.prepare(
      "SELECT user_id, details FROM security_events WHERE event_type = 'room_owner_changed' AND details LIKE ?",
    )
      .bind(`%${roomId}%`)
      .first<{ user_id: string; details: string }>();
    expect(audit!.user_id).toBe(owner.user.id);
    expect(JSON.parse(audit!.details)).toMatchObject({
      roomId,
      from: owner.user.id,
      to: guest.user.id,
      byRole: 'user',
    });
  });

  it('lets the old owner leave, and the new owner kick them', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const third = await signedInClient();
    expect((await joinRoom(third.client, roomId, 'Third')).status).toBe(200);
    expect((await makeOwner(owner.client, roomId, guest.user.id)).status).toBe(200);

    // The old owner cannot kick the new one, whom the creator's protection now covers.
    const refused = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(refused.status).toBe(403);
    const kicked = await guest.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: owner.user.id },
    });
    expect(kicked.status).toBe(200);

    expect((await makeOwner(guest.client, roomId, third.user.id)).status).toBe(200);
    const left = await guest.client.call(`/rooms/${roomId}/membership`, { method: 'DELETE' });
    expect(left.status).toBe(200);
  });

  it('moves the power to delete any message at once, and tells the room', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined();
    const first = await post(b, roomId, 'a guest message');
    // The room has read its owner before the change: what it keeps must not outlive it.
    expect(await a.emit('deleteMessage', { roomId, messageId: first.id })).toEqual({});
    const second = await post(b, roomId, 'another guest message');
    const owners = await post(a, roomId, 'an owner message');

    expect((await makeOwner(owner.client, roomId, guest.user.id)).status).toBe(200);
    for (const socket of [a, b]) {
      await socket.waitFor(() =>
        // The notice's text goes escaped (the apostrophe), as every notice's does.
        socket.events('message').some((m) => m.text === escapeHtml(newOwnerNotice('Guest'))),
      );
    }
    expect(await a.emit('deleteMessage', { roomId, messageId: second.id })).toEqual(
      refusedWith('not_allowed'),
    );
    expect(await b.emit('deleteMessage', { roomId, messageId: owners.id })).toEqual({});
    expect(await eventsFor(a, 'messageDeleted', owners.id)).toEqual([{ id: owners.id }]);
    // Nobody was sent away.
    expect(a.closed || b.closed).toBe(false);
    a.close();
    b.close();
  });

  it('tells the open chats to read who owns the room again (roomChanged), once', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined();
    await post(b, roomId, 'an ordinary message');
    expect((await makeOwner(owner.client, roomId, guest.user.id)).status).toBe(200);
    for (const socket of [a, b]) {
      await socket.waitForEvent('roomChanged');
      // Neither the join nor the message said anything of the kind.
      expect(socket.events('roomChanged')).toEqual([{ roomId, what: 'owner' }]);
    }
    a.close();
    b.close();
  });

  it('lets an administrator give an ownerless room an owner', async () => {
    const { guest, roomId } = await ownerAndGuest();
    // What the deletion of the owner's account leaves (rooms.created_by ON DELETE SET NULL).
    await env.DB.prepare('UPDATE rooms SET created_by = NULL WHERE room_id = ?').bind(roomId).run();
    const admin = await signedInAdmin();
    const res = await makeOwner(admin.client, roomId, guest.user.id);
    expect(res.status).toBe(200);
    expect(await ownerOf(roomId)).toBe(guest.user.id);
  });

  it('refuses a member who is not the owner: 403, and nothing changes', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const res = await makeOwner(guest.client, roomId, guest.user.id);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(roomOwnerMessages.notAllowed);
    expect(await ownerOf(roomId)).toBe(owner.user.id);
  });

  it('answers a stranger, an unknown room and a malformed id alike: 404', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const stranger = await signedInClient();
    const unknown = await createRoom((await signedInClient()).client);
    for (const id of [roomId, `${unknown}x`, 'bad!id']) {
      const res = await makeOwner(stranger.client, id, stranger.user.id);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(roomMessages.roomNotFound);
    }
    expect(await ownerOf(roomId)).toBe(owner.user.id);
  });

  it('refuses a target who is not a member, or owns the room already', async () => {
    const { owner, roomId } = await ownerAndGuest();
    const outsider = await signedInClient();
    const notMember = await makeOwner(owner.client, roomId, outsider.user.id);
    expect(notMember.status).toBe(400);
    expect(notMember.body.error).toBe(roomOwnerMessages.notMember);
    const already = await makeOwner(owner.client, roomId, owner.user.id);
    expect(already.status).toBe(409);
    expect(already.body.error).toBe(roomOwnerMessages.alreadyOwner);
    expect(await ownerOf(roomId)).toBe(owner.user.id);
  });

  it("refuses to make an administrator's moderator membership the owner", async () => {
    const { owner, roomId } = await ownerAndGuest();
    const admin = await signedInAdmin();
    expect((await admin.client.call(`/admin/join/${roomId}`, { method: 'POST' })).status).toBe(200);
    const res = await makeOwner(owner.client, roomId, admin.user.id);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(roomOwnerMessages.moderator);
    expect(await ownerOf(roomId)).toBe(owner.user.id);
  });

  it('refuses to change who owns a private conversation', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const opened = await owner.client.call(`/rooms/${roomId}/direct`, {
      body: { nickname: 'Guest' },
    });
    expect(opened.status).toBe(201);
    const direct = opened.body.roomId as string;
    const before = await ownerOf(direct);
    for (const caller of [owner.client, guest.client]) {
      const res = await makeOwner(caller, direct, guest.user.id);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(roomOwnerMessages.conversation);
    }
    // An administrator outside it learns nothing of it, as from its invite link.
    const admin = await signedInAdmin();
    expect((await makeOwner(admin.client, direct, guest.user.id)).status).toBe(404);
    expect(await ownerOf(direct)).toBe(before);
  });

  it('refuses another site, a signed-out caller and a bad body', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const crossSite = await makeOwner(owner.client, roomId, guest.user.id, 'https://evil.example');
    expect(crossSite.status).toBe(403);
    expect((await makeOwner(new Client(), roomId, guest.user.id)).status).toBe(401);
    for (const userId of [undefined, '', 5, 'x'.repeat(65)]) {
      expect((await makeOwner(owner.client, roomId, userId)).status).toBe(400);
    }
    const text = await owner.client.call(`/rooms/${roomId}/owner`, {
      rawBody: 'not json',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    expect(await ownerOf(roomId)).toBe(owner.user.id);
  });
});
