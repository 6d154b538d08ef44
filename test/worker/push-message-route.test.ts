/**
 * GET /api/rooms/:roomId/messages/:messageId, what a service worker reads for a push
 * (docs/push.md): the message and the notification's words for members; 404 to anyone else,
 * the room's own ban list included (a replica may not have seen a kick); and each read taken from
 * the person's notification budget in the room, apart from loadHistory's, so a burst of pushes
 * leaves their scrolling back alone and the route is still no fast way through the history.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { READING_MESSAGES_TOO_FAST } from '../../contract/push';
import { roomMessages } from '../../contract/rooms';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { NOTIFICATION_READ_BURST } from '../../worker/chat/room/message-calls';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signedInClient } from './support/api';
import { post } from './support/messages';
import { sleep } from './support/room-object';
import { ownerAndGuest } from './support/rooms';
import { TestSocket } from './support/socket';

describe('GET /api/rooms/:roomId/messages/:messageId', () => {
  it('gives members the message and the notification’s words; 404 to anyone else', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Weekend plans' });
    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    const message = await post(socket, roomId, 'Hiking on **Saturday**, @Guest?');
    const gone = await post(socket, roomId, 'never mind');
    expect(await socket.emit('deleteMessage', { roomId, messageId: gone.id })).toEqual({});

    const res = await guest.client.call(`/rooms/${roomId}/messages/${message.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      roomId,
      roomName: 'Weekend plans',
      message: { id: message.id, user: 'Owner', text: message.text },
      notification: {
        title: 'Owner mentioned you in Weekend plans',
        body: 'Owner: Hiking on Saturday, @Guest?',
      },
    });
    const own = await owner.client.call(`/rooms/${roomId}/messages/${message.id}`);
    expect(own.body.notification.title).toBe('Weekend plans');

    // A reply to one of the reader's messages says so, as the open app's notification does
    // (it is why a member on 'Mentions and replies' was pushed it at all).
    const guestSocket = await TestSocket.joined(guest.client, roomId, 'Guest');
    const asked = await post(guestSocket, roomId, 'Which trail?');
    guestSocket.close();
    const reply = await post(socket, roomId, 'The long one', { replyTo: asked.id });
    const replied = await guest.client.call(`/rooms/${roomId}/messages/${reply.id}`);
    expect(replied.body.notification).toEqual({
      title: 'Owner replied to you in Weekend plans',
      body: 'Owner: The long one',
    });

    const stranger = await signedInClient();
    const path = `/rooms/${roomId}/messages/${message.id}`;
    expect((await stranger.client.call(path)).status).toBe(404);
    for (const id of [gone.id, 999_999, 0, 'abc', '1e3']) {
      expect((await guest.client.call(`/rooms/${roomId}/messages/${id}`)).status, `${id}`).toBe(
        404,
      );
    }
    expect((await guest.client.call(`/rooms/no-such-room-0123456789/messages/1`)).status).toBe(404);

    // Removed (banned): 404 like a stranger.
    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(kick.status).toBe(200);
    expect((await guest.client.call(path)).status).toBe(404);

    guest.client.cookie = '';
    expect((await guest.client.call(path)).status).toBe(401);
    socket.close();
  });

  it('cuts a long body at 160 characters between emoji, never through one', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Emoji' });
    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    // 159 letters, then a family of three (five code points) the cut would fall inside.
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const message = await post(socket, roomId, `${'a'.repeat(159)}${family} and more`);
    const res = await guest.client.call(`/rooms/${roomId}/messages/${message.id}`);
    expect(res.body.notification.body).toBe(`Owner: ${'a'.repeat(159)}…`);
    socket.close();
  });
});

describe('the message route holds to the room’s own word', () => {
  it('answers 404 to someone the room has banned while D1 still lists them as a member', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    // The room heard of the kick; the D1 replica the route reads has not yet.
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      room.parts.gate.kicked(guest.user.id);
    });
    const message = await post(socket, roomId, 'after the kick');
    const res = await guest.client.call(`/rooms/${roomId}/messages/${message.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(roomMessages.roomNotFound);
    // The owner, whom the room has not banned, still reads it.
    expect((await owner.client.call(`/rooms/${roomId}/messages/${message.id}`)).status).toBe(200);
    socket.close();
  });

  it('takes each read from a budget of its own: a burst, then 429 with Retry-After', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    const message = await post(socket, roomId, 'read me');
    const path = `/rooms/${roomId}/messages/${message.id}`;
    const answers = await Promise.all(Array.from({ length: 60 }, () => guest.client.call(path)));
    const served = answers.filter((res) => res.status === 200).length;
    const refused = answers.filter((res) => res.status === 429);
    // The burst, and perhaps a read or two the second refilled while the forty arrived.
    expect(served).toBeGreaterThanOrEqual(NOTIFICATION_READ_BURST);
    expect(served).toBeLessThanOrEqual(NOTIFICATION_READ_BURST + 15);
    expect(refused).toHaveLength(60 - served);
    expect(refused[0]!.body).toEqual({ error: READING_MESSAGES_TOO_FAST });
    expect(refused[0]!.headers.get('Retry-After')).toBe('1');
    // Another person's budget is their own.
    expect((await owner.client.call(path)).status).toBe(200);

    // Not loadHistory's: the pushes leave the guest's scrolling back alone.
    const guestSocket = await TestSocket.joined(guest.client, roomId, 'Guest');
    const page = await guestSocket.emit('loadHistory', { before: message.id + 1 });
    expect(page).toMatchObject({ messages: [{ id: message.id }] });
    // A second later the route serves again.
    await sleep(1100);
    expect((await guest.client.call(path)).status).toBe(200);
    guestSocket.close();
    socket.close();
  });
});
