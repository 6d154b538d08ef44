/**
 * Room updates owed after an outage (worker/room-calls/owed-room-updates.ts): a rename, a
 * join's nickname change, a change of read sharing or the room's deletion whose call to the
 * room still failed after its retries answers its success (its D1 change stands) and goes to
 * the 'room-calls' queue; the consumer (queues/late-room-updates.ts) tells the room what D1
 * holds when it runs, or drops the call when something newer made it stale.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROOM_NAME_MAX } from '../../contract/rooms';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import type { OwedRoomCall } from '../../worker/room-calls/owed-room-calls';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signedInAdmin } from './support/admin';
import type { Client } from './support/api';
import { consume, queuedCalls, unreachable } from './support/room-calls';
import { socketsOf } from './support/room-object';
import { joinRoom, ownerAndGuestJoined } from './support/rooms';
import type { TestSocket } from './support/socket';

const rename = (client: Client, roomId: string, name: string) =>
  client.call(`/rooms/${roomId}`, { method: 'PATCH', body: { name } });
const leave = (client: Client, roomId: string) =>
  client.call(`/rooms/${roomId}/membership`, { method: 'DELETE' });
const shareReads = (client: Client, share: boolean) =>
  client.call('/user/preferences', { method: 'PATCH', body: { shareReads: share } });

const nameInRoom = (roomId: string) =>
  runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => room.parts.identity.name);

/** The read-sharing setting each of the person's sockets in the room has. */
const sharingInRoom = (roomId: string, userId: string) =>
  runInDurableObject(roomStub(env, roomId), (room: ChatRoom) =>
    socketsOf(room)
      .entries()
      .filter(([, { data }]) => data.userId === userId)
      .map(([, { data }]) => data.shareReads),
  );

/** From now on, notes whether anything calls a room's object. */
const roomCalls = () => vi.spyOn(env.CHAT_ROOM, 'get');

const closeAll = (...sockets: TestSocket[]) => sockets.forEach((socket) => socket.close());

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a rename the room could not be told of', () => {
  it('answers its success, is queued, and the consumer gives the open chats the name', async () => {
    const { owner, roomId, a, b } = await ownerAndGuestJoined({ name: 'Old name' });
    unreachable('roomRenamed');
    const queued = queuedCalls();
    const res = await rename(owner.client, roomId, 'New name');
    vi.restoreAllMocks();
    expect(res.body).toEqual({ success: true, name: 'New name' });
    expect(queued).toEqual([
      { kind: 'roomRenamed', roomId, name: 'New name' },
    ] satisfies OwedRoomCall[]);
    expect(await nameInRoom(roomId)).toBe('Old name');

    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    await b.waitFor((f) => f.startsWith('42["roomData"') && f.includes('"name":"New name"'));
    expect(await nameInRoom(roomId)).toBe('New name');
    closeAll(a, b);
  });

  it('is dropped when the room was renamed again since', async () => {
    const { owner, roomId, a, b } = await ownerAndGuestJoined({ name: 'First' });
    unreachable('roomRenamed');
    const queued = queuedCalls();
    expect((await rename(owner.client, roomId, 'Second')).status).toBe(200);
    vi.restoreAllMocks();
    expect((await rename(owner.client, roomId, 'Third')).status).toBe(200);
    expect(await nameInRoom(roomId)).toBe('Third');

    const calls = roomCalls();
    expect(queued).toMatchObject([{ kind: 'roomRenamed', name: 'Second' }]);
    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    expect(calls).not.toHaveBeenCalled();
    closeAll(a, b);
  });
});

describe("a join's nickname change the room could not be told of", () => {
  it('answers its success, is queued, and the consumer renames the open socket', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined();
    unreachable('membershipChanged');
    const queued = queuedCalls();
    const res = await joinRoom(guest.client, roomId, 'Guest_Two');
    vi.restoreAllMocks();
    expect(res.status).toBe(200);
    expect(queued).toEqual([
      { kind: 'membershipChanged', roomId, userId: guest.user.id },
    ] satisfies OwedRoomCall[]);
    expect(b.events('nicknameChanged')).toEqual([]);

    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    expect(await b.waitForEvent('nicknameChanged')).toEqual([{ nickname: 'Guest_Two' }]);
    closeAll(a, b);
  });

  it("is owed too when an administrator's join as moderator renames them", async () => {
    const { roomId, a, b } = await ownerAndGuestJoined();
    const admin = await signedInAdmin();
    expect((await joinRoom(admin.client, roomId, 'Admin')).status).toBe(200);
    unreachable('membershipChanged');
    const queued = queuedCalls();
    const res = await admin.client.call(`/admin/join/${roomId}`, { method: 'POST' });
    vi.restoreAllMocks();
    expect(res.status).toBe(200);
    expect(queued).toEqual([{ kind: 'membershipChanged', roomId, userId: admin.user.id }]);
    closeAll(a, b);
  });

  it('is dropped when the person left since', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined();
    unreachable('membershipChanged');
    const queued = queuedCalls();
    expect((await joinRoom(guest.client, roomId, 'Guest_Two')).status).toBe(200);
    vi.restoreAllMocks();
    expect((await leave(guest.client, roomId)).status).toBe(200);

    const calls = roomCalls();
    expect(queued).toMatchObject([{ kind: 'membershipChanged', userId: guest.user.id }]);
    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    expect(calls).not.toHaveBeenCalled();
    closeAll(a, b);
  });
});

describe('a change of read sharing the room could not be told of', () => {
  it('answers its success, is queued, and the consumer gives the open socket the setting', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined();
    unreachable('readSharingChanged');
    const queued = queuedCalls();
    const res = await shareReads(guest.client, false);
    vi.restoreAllMocks();
    expect(res.body.user).toMatchObject({ shareReads: false });
    expect(queued).toEqual([
      { kind: 'readSharingChanged', roomId, userId: guest.user.id, share: false },
    ] satisfies OwedRoomCall[]);
    expect(await sharingInRoom(roomId, guest.user.id)).toEqual([true]);

    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    expect(await sharingInRoom(roomId, guest.user.id)).toEqual([false]);
    closeAll(a, b);
  });

  it('delivers the setting D1 holds now, not the one queued', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined();
    unreachable('readSharingChanged');
    const queued = queuedCalls();
    expect((await shareReads(guest.client, false)).status).toBe(200);
    expect((await shareReads(guest.client, true)).status).toBe(200);
    vi.restoreAllMocks();
    expect(queued).toMatchObject([{ share: false }, { share: true }]);

    // Only the first arrives (a batch of one); the room must not be left not sharing.
    await consume(queued.slice(0, 1));
    expect(await sharingInRoom(roomId, guest.user.id)).toEqual([true]);
    closeAll(a, b);
  });

  it('is told again when a newer setting reached the room while it was being told', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined();
    expect((await shareReads(guest.client, false)).status).toBe(200);
    unreachable('readSharingChanged');
    const queued = queuedCalls();
    expect((await shareReads(guest.client, true)).status).toBe(200);
    vi.restoreAllMocks();
    expect(queued).toMatchObject([{ share: true }]);

    // As the consumer's call (sharing on) leaves, the person turns sharing off: saved in D1, and
    // that route's own call reaches the room first.
    const get = env.CHAT_ROOM.get.bind(env.CHAT_ROOM);
    let raced = false;
    vi.spyOn(env.CHAT_ROOM, 'get').mockImplementation((id, options) => {
      const stub = get(id, options);
      return new Proxy(stub, {
        get(target, key) {
          if (key !== 'readSharingChanged') return Reflect.get(target, key);
          return async (userId: string, share: boolean) => {
            // Once: the calls after this one reach the room as they are.
            raced = true;
            vi.restoreAllMocks();
            await env.DB.prepare('UPDATE users SET share_reads = 0 WHERE id = ?')
              .bind(userId)
              .run();
            await stub.readSharingChanged(userId, false);
            return stub.readSharingChanged(userId, share);
          };
        },
      });
    });
    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    expect(raced).toBe(true);
    // What D1 holds, not the late 'on'.
    expect(await sharingInRoom(roomId, guest.user.id)).toEqual([false]);
    closeAll(a, b);
  });

  it('is dropped when the person left the room since', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined();
    unreachable('readSharingChanged');
    const queued = queuedCalls();
    expect((await shareReads(guest.client, false)).status).toBe(200);
    vi.restoreAllMocks();
    expect((await leave(guest.client, roomId)).status).toBe(200);

    const calls = roomCalls();
    expect(queued).toMatchObject([{ kind: 'readSharingChanged', userId: guest.user.id }]);
    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    expect(calls).not.toHaveBeenCalled();
    closeAll(a, b);
  });
});

describe('a deletion the room could not be told of', () => {
  it('answers its success, is queued, and the consumer ends the sockets, twice harmlessly', async () => {
    const { owner, roomId, a, b } = await ownerAndGuestJoined();
    unreachable('deleteRoom');
    const queued = queuedCalls();
    const res = await owner.client.call(`/rooms/${roomId}`, { method: 'DELETE' });
    vi.restoreAllMocks();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Room deleted successfully' });
    expect(queued).toEqual([{ kind: 'deleteRoom', roomId }] satisfies OwedRoomCall[]);
    expect(a.closed || b.closed).toBe(false);

    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    await Promise.all([a.waitForClose(), b.waitForClose()]);
    expect(b.events('room-deleted')).toEqual([{ roomId }]);
    // At least once: a second delivery finds nothing left to end.
    const again = await consume(queued);
    expect(again.explicitAcks).toHaveLength(1);
    expect(again.retryMessages).toEqual([]);
  });

  it('is owed too when the room fails with an error not tried again at once', async () => {
    const { owner, roomId, a, b } = await ownerAndGuestJoined();
    const overloaded = () => Object.assign(new Error('Overloaded.'), { overloaded: true });
    unreachable('deleteRoom', overloaded);
    const queued = queuedCalls();
    const res = await owner.client.call(`/rooms/${roomId}`, { method: 'DELETE' });
    vi.restoreAllMocks();
    expect(res.status).toBe(200);
    expect(queued).toEqual([{ kind: 'deleteRoom', roomId }]);
    closeAll(a, b);
  });

  it('is dropped while D1 has the room', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined();
    const log = vi.spyOn(console, 'log');
    const calls = roomCalls();
    expect((await consume([{ kind: 'deleteRoom', roomId }])).explicitAcks).toHaveLength(1);
    expect(calls).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(
      `[room-calls] deleteRoom for room ${roomId} dropped: the room exists`,
    );
    expect(a.closed || b.closed).toBe(false);
    closeAll(a, b);
  });
});

describe('the room-calls consumer', () => {
  it('drops an update out of bounds without calling the room', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined();
    const calls = roomCalls();
    const result = await consume([
      { kind: 'roomRenamed', roomId, name: 'x'.repeat(ROOM_NAME_MAX + 1) },
      { kind: 'readSharingChanged', roomId, userId: 'u', share: 'yes' },
      { kind: 'membershipChanged', roomId, userId: 'u'.repeat(65) },
      { kind: 'deleteRoom', roomId: '../../etc' },
    ]);
    expect(result.explicitAcks).toHaveLength(4);
    expect(calls).not.toHaveBeenCalled();
    closeAll(a, b);
  });
});
