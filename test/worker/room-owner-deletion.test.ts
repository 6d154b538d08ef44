/**
 * DELETE /api/rooms/:roomId: the owner deletes their room, as an administrator's deletion does
 * (room-removal/delete-room.ts): the row and memberships, its files, its object's history, its
 * members' sockets (told room-deleted), the admin counters, and a line in the security log.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { roomMessages } from '../../contract/rooms';
import { roomSettingsMessages } from '../../contract/room-settings';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signedInAdmin } from './support/admin';
import { signedInClient, type Client } from './support/api';
import { objectExists, uploaded } from './support/files';
import { ownerAndGuest, ownerAndGuestJoined } from './support/rooms';

const deleteRoom = (client: Client, roomId: string) =>
  client.call(`/rooms/${roomId}`, { method: 'DELETE' });

const roomRow = (roomId: string) =>
  env.DB.prepare('SELECT room_id FROM rooms WHERE room_id = ?').bind(roomId).first();

describe("the owner's deletion of their room", () => {
  it('deletes the room, its memberships and files, and sends its sockets to room-deleted', async () => {
    const { roomId, owner, guest, a, b } = await ownerAndGuestJoined({ name: 'Soon gone' });
    expect(await a.emit('sendMessage', { text: 'last words', roomId })).toEqual({});
    const fileId = await uploaded(guest.client, roomId, 'a photo', { name: 'a.txt' });
    expect(await objectExists(roomId, fileId)).toBe(true);
    const admin = await signedInAdmin();
    const before = (await admin.client.call('/admin/stats')).body;

    const res = await deleteRoom(owner.client, roomId);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);

    expect((await b.waitForEvent('room-deleted'))[0]).toEqual({ roomId });
    expect((await a.waitForEvent('room-deleted'))[0]).toEqual({ roomId });
    expect(await roomRow(roomId)).toBeNull();
    const members = await env.DB.prepare('SELECT COUNT(*) AS n FROM memberships WHERE room_id = ?')
      .bind(roomId)
      .first<{ n: number }>();
    expect(members!.n).toBe(0);
    expect(await objectExists(roomId, fileId)).toBe(false);
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      expect(room.parts.identity.deleted).toBe(true);
      expect(room.parts.messages.store.count()).toBe(0);
    });
    const after = (await admin.client.call('/admin/stats')).body;
    expect(after.rooms).toBe(before.rooms - 1);
    const list = await guest.client.call('/rooms');
    expect(list.body.some((room: { roomId: string }) => room.roomId === roomId)).toBe(false);

    const audit = await env.DB.prepare(
      "SELECT user_id, details FROM security_events WHERE event_type = 'room_deleted' ORDER BY id DESC LIMIT 1",
    ).first<{ user_id: string; details: string }>();
    expect(audit!.user_id).toBe(owner.user.id);
    expect(JSON.parse(audit!.details)).toMatchObject({ roomId, name: 'Soon gone' });
  });

  it('refuses another member with 403, a stranger with 404, and a second deletion with 404', async () => {
    const { roomId, owner, guest } = await ownerAndGuest();
    const member = await deleteRoom(guest.client, roomId);
    expect(member.status).toBe(403);
    expect(member.body.error).toBe(roomSettingsMessages.ownerOnlyDelete);
    const admin = await signedInAdmin();
    expect((await deleteRoom(admin.client, roomId)).status).toBe(403);
    const stranger = await signedInClient();
    const outside = await deleteRoom(stranger.client, roomId);
    expect(outside.status).toBe(404);
    expect(outside.body.error).toBe(roomMessages.roomNotFound);
    expect(await roomRow(roomId)).not.toBeNull();

    expect((await deleteRoom(owner.client, roomId)).status).toBe(200);
    expect((await deleteRoom(owner.client, roomId)).status).toBe(404);
  });

  it('refuses a private conversation with 400: blocking ends one', async () => {
    const { roomId, guest } = await ownerAndGuest();
    const opened = await guest.client.call(`/rooms/${roomId}/direct`, {
      body: { nickname: 'Owner' },
    });
    const res = await deleteRoom(guest.client, opened.body.roomId);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(roomSettingsMessages.conversationNotDeleted);
    expect(await roomRow(opened.body.roomId)).not.toBeNull();
  });
});
