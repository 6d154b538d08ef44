/**
 * Room calls owed after an outage (worker/room-calls/owed-room-calls.ts and the 'room-calls'
 * queue's consumer): a kick, a leave, an unban or a hand-over whose call to the room still
 * failed after its retries answers its success (its D1 change stands) and goes to the queue;
 * the consumer makes it later, unless D1 says something newer made it stale.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newOwnerNotice } from '../../contract/room-owner';
import { roomMessages } from '../../contract/rooms';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { escapeHtml } from '../../worker/chat/messages/render-message';
import type { OwedRoomCall } from '../../worker/room-calls/owed-room-calls';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { openDb } from '../../worker/db/client';
import { deleteRoomEverywhere } from '../../worker/room-removal/delete-room';
import type { Client } from './support/api';
import { post } from './support/messages';
import { consume, queuedCalls, unreachable } from './support/room-calls';
import { joinRoom, ownerAndGuestJoined } from './support/rooms';
import { TestSocket, endedWithNotice } from './support/socket';

const KICKED = 'You have been removed from this room';

const kick = (client: Client, roomId: string, targetUserId: string) =>
  client.call(`/rooms/${roomId}/kick`, { body: { targetUserId } });
const unban = (client: Client, roomId: string, userId: string) =>
  client.call(`/rooms/${roomId}/bans/${userId}`, { method: 'DELETE' });
const leave = (client: Client, roomId: string) =>
  client.call(`/rooms/${roomId}/membership`, { method: 'DELETE' });

const bannedInRoom = (roomId: string, userId: string) =>
  runInDurableObject(roomStub(env, roomId), async (room: ChatRoom) =>
    room.parts.gate.isBanned(userId),
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a kick the room could not be told of', () => {
  it('answers its success, is queued, and the consumer ends the kicked socket', async () => {
    const { owner, guest, roomId, b } = await ownerAndGuestJoined();
    unreachable('removeMember');
    const queued = queuedCalls();
    const res = await kick(owner.client, roomId, guest.user.id);
    vi.restoreAllMocks();
    expect(res.status).toBe(200);
    expect(queued).toEqual([
      { kind: 'kick', roomId, userId: guest.user.id, reason: KICKED },
    ] satisfies OwedRoomCall[]);
    expect(b.closed).toBe(false);

    const started = Date.now();
    const result = await consume(queued);
    expect(result.explicitAcks).toHaveLength(1);
    await endedWithNotice(b, KICKED, started);
    expect(await bannedInRoom(roomId, guest.user.id)).toBe(true);
  });

  it('is dropped when the person was let back in and joined since', async () => {
    const { owner, guest, roomId, a } = await ownerAndGuestJoined();
    unreachable('removeMember');
    const queued = queuedCalls();
    expect((await kick(owner.client, roomId, guest.user.id)).status).toBe(200);
    vi.restoreAllMocks();
    expect((await unban(owner.client, roomId, guest.user.id)).status).toBe(200);
    expect((await joinRoom(guest.client, roomId, 'Guest')).status).toBe(200);
    const again = await TestSocket.joined(guest.client, roomId, 'Guest');

    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    // Still in: a message from the rejoined socket reaches the owner.
    const sent = await post(again, roomId, 'back again');
    await a.waitFor((frame) => frame.includes(String(sent.id)) && frame.includes('back again'));
    expect(again.closed).toBe(false);
    expect(await bannedInRoom(roomId, guest.user.id)).toBe(false);
    a.close();
    again.close();
  });

  it('is tried again with a growing delay while the room stays out of reach', async () => {
    const { owner, guest, roomId, b } = await ownerAndGuestJoined();
    unreachable('removeMember');
    const queued = queuedCalls();
    expect((await kick(owner.client, roomId, guest.user.id)).status).toBe(200);
    const result = await consume(queued, 3);
    vi.restoreAllMocks();
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toHaveLength(1);
    expect(result.delays).toEqual([8]);
    // Once the room is back, a delivery twice over (at least once) is harmless.
    const started = Date.now();
    await consume(queued);
    await consume(queued);
    await endedWithNotice(b, KICKED, started);
  });
});

describe('a leave the room could not be told of', () => {
  it('answers its success and the queue delivers it: the socket closes', async () => {
    const { guest, roomId, b } = await ownerAndGuestJoined();
    unreachable('memberLeft');
    const started = Date.now();
    const res = await leave(guest.client, roomId);
    vi.restoreAllMocks();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    // The real queue and consumer (wrangler.toml): a batch waits up to a second.
    await endedWithNotice(b, roomMessages.youLeft, started, 3000);
  });

  it('is dropped when the person joined again since', async () => {
    const { guest, roomId } = await ownerAndGuestJoined();
    unreachable('memberLeft');
    const queued = queuedCalls();
    expect((await leave(guest.client, roomId)).status).toBe(200);
    vi.restoreAllMocks();
    expect(queued).toMatchObject([{ kind: 'memberLeft', userId: guest.user.id }]);
    expect((await joinRoom(guest.client, roomId, 'Guest')).status).toBe(200);
    const again = await TestSocket.joined(guest.client, roomId, 'Guest');

    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    await post(again, roomId, 'still here');
    expect(again.closed).toBe(false);
    again.close();
  });
});

describe('an unban the room could not be told of', () => {
  it('answers its success, and the consumer lifts the room’s own copy of the ban', async () => {
    const { owner, guest, roomId } = await ownerAndGuestJoined();
    expect((await kick(owner.client, roomId, guest.user.id)).status).toBe(200);
    unreachable('unbanMember');
    const queued = queuedCalls();
    const res = await unban(owner.client, roomId, guest.user.id);
    vi.restoreAllMocks();
    expect(res.status).toBe(200);
    expect(queued).toEqual([{ kind: 'unban', roomId, userId: guest.user.id }]);
    expect(await bannedInRoom(roomId, guest.user.id)).toBe(true);

    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    expect(await bannedInRoom(roomId, guest.user.id)).toBe(false);
  });

  it('is dropped when the person was kicked again since', async () => {
    const { owner, guest, roomId } = await ownerAndGuestJoined();
    expect((await kick(owner.client, roomId, guest.user.id)).status).toBe(200);
    unreachable('unbanMember');
    const queued = queuedCalls();
    expect((await unban(owner.client, roomId, guest.user.id)).status).toBe(200);
    vi.restoreAllMocks();
    // The room never heard the unban, so it refuses sockets still; D1 has them back in.
    expect((await joinRoom(guest.client, roomId, 'Guest')).status).toBe(200);
    expect((await kick(owner.client, roomId, guest.user.id)).status).toBe(200);

    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    expect(await bannedInRoom(roomId, guest.user.id)).toBe(true);
  });
});

describe('a hand-over the room could not be told of', () => {
  const ownerNotices = (socket: TestSocket) =>
    socket
      .events('message')
      .filter((m) => m.messageType !== 'user' && m.text.endsWith(escapeHtml("room's owner.")));

  it('is queued under its hand-over id; delivered twice, it is told once', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined();
    unreachable('ownerChanged');
    const queued = queuedCalls();
    const res = await owner.client.call(`/rooms/${roomId}/owner`, {
      body: { userId: guest.user.id },
    });
    vi.restoreAllMocks();
    expect(res.status).toBe(200);
    expect(queued).toMatchObject([
      { kind: 'ownerChanged', roomId, userId: guest.user.id, nickname: 'Guest' },
    ]);
    await consume(queued);
    await consume(queued);
    const sent = await post(b, roomId, 'after');
    await a.waitFor((frame) => frame.includes(String(sent.id)) && frame.includes('after'));
    expect(ownerNotices(a).map((m) => m.text)).toEqual([escapeHtml(newOwnerNotice('Guest'))]);
    a.close();
    b.close();
  });

  it('is dropped when the room was handed on since', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined();
    unreachable('ownerChanged');
    const queued = queuedCalls();
    await owner.client.call(`/rooms/${roomId}/owner`, { body: { userId: guest.user.id } });
    vi.restoreAllMocks();
    await guest.client.call(`/rooms/${roomId}/owner`, { body: { userId: owner.user.id } });
    await consume(queued);
    const sent = await post(b, roomId, 'after');
    await a.waitFor((frame) => frame.includes(String(sent.id)) && frame.includes('after'));
    expect(ownerNotices(a).map((m) => m.text)).toEqual([escapeHtml(newOwnerNotice('Owner'))]);
    a.close();
    b.close();
  });
});

describe('the room-calls consumer', () => {
  it('drops a call for a deleted room, and messages that are not room calls', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined();
    expect(await deleteRoomEverywhere(env, openDb(env.DB), roomId)).toBeDefined();
    await Promise.all([a.waitForClose(), b.waitForClose()]);
    const calls = vi.spyOn(env.CHAT_ROOM, 'get');
    const result = await consume([
      { kind: 'kick', roomId, userId: guest.user.id, reason: KICKED },
      { kind: 'deleteEverything', roomId },
      { kind: 'unban', roomId: '../../etc', userId: guest.user.id },
      { kind: 'kick', roomId, userId: guest.user.id, reason: 'x'.repeat(10_000) },
      'not even an object',
    ]);
    expect(result.explicitAcks).toHaveLength(5);
    expect(result.retryMessages).toEqual([]);
    expect(calls).not.toHaveBeenCalled();
  });
});
