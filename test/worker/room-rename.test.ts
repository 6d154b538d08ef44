/**
 * PATCH /api/rooms/:roomId: the owner (or an administrator) renames the room. D1 and the room
 * list take the new name, the room's open sockets hear it in roomData, and push notifications
 * name it. Members, strangers and private conversations are refused; renames are bounded.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { roomMessages } from '../../contract/rooms';
import { roomSettingsMessages, ROOM_RENAMES_PER_HOUR } from '../../contract/room-settings';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signTicket } from '../../worker/tickets/sign';
import { signedInAdmin } from './support/admin';
import { signedInClient, type Client } from './support/api';
import { ownerAndGuest, ownerAndGuestJoined } from './support/rooms';
import { connectWithTicket, ticketFor } from './tickets-helpers';

const rename = (client: Client, roomId: string, name: unknown, origin?: string) =>
  client.call(`/rooms/${roomId}`, { method: 'PATCH', body: { name }, origin });

const storedName = async (roomId: string) =>
  (
    await env.DB.prepare('SELECT name FROM rooms WHERE room_id = ?')
      .bind(roomId)
      .first<{ name: string }>()
  )?.name;

describe('renaming a room', () => {
  it('lets the owner rename it: D1, the room list and the open sockets take the new name', async () => {
    const { roomId, owner, guest, b } = await ownerAndGuestJoined({ name: 'Old name' });
    const res = await rename(owner.client, roomId, '  New\tname ');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, name: 'New name' });
    expect(await storedName(roomId)).toBe('New name');
    const list = await guest.client.call('/rooms');
    expect(list.body.find((room: { roomId: string }) => room.roomId === roomId).name).toBe(
      'New name',
    );
    const frame = await b.waitFor(
      (f) => f.startsWith('42["roomData"') && f.includes('"name":"New name"'),
    );
    expect(JSON.parse(frame.slice(2))[1]).toMatchObject({ room: roomId, name: 'New name' });
    const audit = await env.DB.prepare(
      "SELECT user_id, details FROM security_events WHERE event_type = 'room_renamed' AND details LIKE ?",
    )
      .bind(`%${roomId}%`)
      .first<{ user_id: string; details: string }>();
    expect(audit!.user_id).toBe(owner.user.id);
    expect(JSON.parse(audit!.details)).toMatchObject({ roomId, from: 'Old name', to: 'New name' });
  });

  it('keeps the new name when a ticket read before the rename opens a socket after it', async () => {
    const { roomId, owner } = await ownerAndGuest({ name: 'Old name' });
    const stub = roomStub(env, roomId);
    const readBefore = Date.now() - 1000;
    expect((await rename(owner.client, roomId, 'New name')).status).toBe(200);
    const name = await runInDurableObject(stub, (room: ChatRoom) => {
      room.parts.identity.remember(roomId, 'Old name', readBefore);
      return room.parts.identity.name;
    });
    expect(name).toBe('New name');
  });

  it('keeps the new name when a ticket read D1 before the rename but was signed just after it', async () => {
    const { roomId, owner } = await ownerAndGuest({ name: 'Old name' });
    // What the ticket route read from D1 a moment before the rename committed...
    const payload = (await ticketFor(owner.client, roomId)).split('.')[0]!;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    expect((await rename(owner.client, roomId, 'New name')).status).toBe(200);
    // ...signed only after the room object read the new name (or by a clock a little ahead).
    const { ticket } = await signTicket(env as unknown as Pick<Env, 'JWT_SECRET'>, {
      userId: claims.sub,
      sessionId: claims.sid,
      role: claims.role,
      roomId,
      roomName: 'Old name',
      nickname: claims.nick,
      ip: claims.ip,
      shareReads: claims.reads,
    });
    const { socket, answer } = await connectWithTicket(roomId, ticket, { ip: owner.client.ip });
    expect(answer.startsWith('40')).toBe(true);
    const name = await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      return room.parts.identity.name;
    });
    expect(name).toBe('New name');
    socket.close();
  });

  it('tells the open chats to read the room list again (roomChanged), not for the same name', async () => {
    const { roomId, owner, a, b } = await ownerAndGuestJoined({ name: 'Old name' });
    expect((await rename(owner.client, roomId, 'Old name')).status).toBe(200);
    // Had the unchanged name sent one, it would have come first, on the same socket.
    expect((await rename(owner.client, roomId, 'New name')).status).toBe(200);
    for (const socket of [a, b]) {
      await socket.waitForEvent('roomChanged');
      expect(socket.events('roomChanged')).toEqual([{ roomId, what: 'name' }]);
    }
    a.close();
    b.close();
  });

  it('lets an administrator rename it, also without being a member', async () => {
    const { roomId } = await ownerAndGuest({ name: 'Old name' });
    const admin = await signedInAdmin();
    expect((await rename(admin.client, roomId, 'By the admin')).status).toBe(200);
    expect(await storedName(roomId)).toBe('By the admin');
  });

  it("is found by its new name in the administrators' room search, not by the old one", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const { roomId, owner } = await ownerAndGuest({ name: `Before ${tag}` });
    expect((await rename(owner.client, roomId, `Ärger ${tag}`)).status).toBe(200);
    const admin = await signedInAdmin();
    const found = async (q: string) =>
      (await admin.client.call(`/admin/rooms?q=${encodeURIComponent(q)}`)).body.rooms.map(
        (room: { roomId: string }) => room.roomId,
      );
    expect(await found(`ärger ${tag}`)).toEqual([roomId]);
    expect(await found(`before ${tag}`)).toEqual([]);
  });

  it('answers 200 and changes nothing for the same name, taking no rename', async () => {
    const { roomId, owner } = await ownerAndGuest({ name: 'Same' });
    for (let i = 0; i < ROOM_RENAMES_PER_HOUR + 2; i++) {
      const res = await rename(owner.client, roomId, ' Same ');
      expect(res.status).toBe(200);
    }
    expect((await rename(owner.client, roomId, 'Other')).status).toBe(200);
  });

  it('refuses another member with 403, a stranger with 404 and a private conversation with 400', async () => {
    const { roomId, guest } = await ownerAndGuest({ name: 'Old name' });
    const member = await rename(guest.client, roomId, 'Hijacked');
    expect(member.status).toBe(403);
    expect(member.body.error).toBe(roomSettingsMessages.ownerOnly);
    const stranger = await signedInClient();
    const outside = await rename(stranger.client, roomId, 'Hijacked');
    expect(outside.status).toBe(404);
    expect(outside.body.error).toBe(roomMessages.roomNotFound);
    expect((await rename(stranger.client, 'not-a-room-id', 'x')).status).toBe(404);
    expect(await storedName(roomId)).toBe('Old name');

    const opened = await guest.client.call(`/rooms/${roomId}/direct`, {
      body: { nickname: 'Owner' },
    });
    expect(opened.status).toBe(201);
    const direct = await rename(guest.client, opened.body.roomId, 'Our chat');
    expect(direct.status).toBe(400);
    expect(direct.body.error).toBe(roomSettingsMessages.conversationNotRenamed);
  });

  it('refuses a blank, missing or too long name with the messages of room creation', async () => {
    const { roomId, owner } = await ownerAndGuest({ name: 'Old name' });
    for (const name of ['', '   ', '\u200B', undefined, 42]) {
      const res = await rename(owner.client, roomId, name);
      expect(res.status, String(name)).toBe(400);
      expect(res.body.error).toBe(roomMessages.roomNameRequired);
    }
    const long = await rename(owner.client, roomId, 'x'.repeat(51));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(roomMessages.roomNameTooLong);
    expect(await storedName(roomId)).toBe('Old name');
  });

  it('refuses another site', async () => {
    const { roomId, owner } = await ownerAndGuest({ name: 'Old name' });
    const res = await rename(owner.client, roomId, 'Cross', 'https://evil.example');
    expect(res.status).toBe(403);
    expect(await storedName(roomId)).toBe('Old name');
  });

  it('allows ROOM_RENAMES_PER_HOUR renames at once, then answers 429 with words', async () => {
    const { roomId, owner } = await ownerAndGuest({ name: 'Old name' });
    const tries = ROOM_RENAMES_PER_HOUR + 5;
    const answers = await Promise.all(
      Array.from({ length: tries }, (_, i) => rename(owner.client, roomId, `Name ${i}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(ROOM_RENAMES_PER_HOUR);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.error).toBe(roomSettingsMessages.renamingTooFast);
    expect(refused.headers.get('Retry-After')).toBeTruthy();
  });

  it('bounds the room too, whoever owns it; an administrator can still rename it', async () => {
    const { roomId, owner, guest } = await ownerAndGuest({ name: 'Old name' });
    for (let i = 0; i < ROOM_RENAMES_PER_HOUR; i++) {
      expect((await rename(owner.client, roomId, `Name ${i}`)).status).toBe(200);
    }
    const handOver = await owner.client.call(`/rooms/${roomId}/owner`, {
      body: { userId: guest.user.id },
    });
    expect(handOver.status).toBe(200);
    // The new owner has renamed nothing this hour; the room has had its ten.
    expect((await rename(guest.client, roomId, 'One more')).status).toBe(429);
    // An administrator may have to take back a name the owner spent the hour on.
    const admin = await signedInAdmin();
    expect((await rename(admin.client, roomId, 'Taken back')).status).toBe(200);
    expect(await storedName(roomId)).toBe('Taken back');
  });

  it('names the room by its new name in a push notification', async () => {
    const { roomId, owner, a, b } = await ownerAndGuestJoined({ name: 'Old name' });
    const sent = await b.emit('sendMessage', {
      text: 'hello',
      roomId,
      clientId: crypto.randomUUID(),
    });
    expect((await rename(owner.client, roomId, 'New name')).status).toBe(200);
    await a.waitFor((f) => f.includes('"name":"New name"'));
    const res = await owner.client.call(`/rooms/${roomId}/messages/${sent.id}`);
    expect(res.status).toBe(200);
    expect(res.body.roomName).toBe('New name');
  });
});
