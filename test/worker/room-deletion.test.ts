/**
 * What still reaches a room object after its room was deleted: a send waiting in its batch, a
 * broadcast queued before the deletion. Nothing of either is stored or delivered.
 */
import { env, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { ROOM_DELETED } from '../../worker/chat/messages/room-messages';
import { openDb } from '../../worker/db/client';
import { HOURLY_CRON } from '../../worker/files/unsent-uploads';
import { deleteRoomEverywhere } from '../../worker/room-removal/delete-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signedInClient } from './support/api';
import { runCron } from './support/cron';
import { sleep } from './support/room-object';
import { createRoom, ownerAndGuestJoined } from './support/rooms';
import { TestSocket } from './support/socket';

async function aRoom() {
  const owner = await signedInClient();
  const roomId = await createRoom(owner.client, 'Soon gone', 'Owner');
  return { owner, roomId, stub: roomStub(env, roomId) };
}

describe('a deleted room', () => {
  it('refuses a send still waiting in its batch, and stores nothing of it', async () => {
    const { owner, roomId, stub } = await aRoom();
    await runInDurableObject(stub, async (room: ChatRoom) => {
      // A quiet room stores a message at once; the one right after it waits for its batch.
      void room.parts.messages.post(owner.user.id, 'Owner', '<p>stored at once</p>');
      const pending = room.parts.messages.post(owner.user.id, 'Owner', '<p>last words</p>');
      await room.deleteRoom(roomId); // its event came before the batch's timer
      await expect(pending).rejects.toThrow(ROOM_DELETED);
      expect(room.parts.messages.store.count()).toBe(0);
    });
  });

  it('drops a broadcast queued before the deletion, also once the object was rebuilt', async () => {
    const { roomId, stub } = await aRoom();
    await stub.deleteRoom(roomId);
    await evictDurableObject(stub);
    await stub.adminBroadcast(roomId, 'Soon gone', 'user', '<p>to everyone</p>');
    await runInDurableObject(stub, (room: ChatRoom) => {
      expect(room.parts.messages.store.count()).toBe(0);
      expect(room.parts.identity.deleted).toBe(true);
    });
  });
});

describe('what a deleted room keeps', () => {
  it('keeps no recovery session (addresses, sessions, nicknames) nor logged broadcast', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Soon gone' });
    const clientId = crypto.randomUUID();
    const sent = await a.emit('sendMessage', { text: 'first words', roomId, clientId });
    const edit = { roomId, messageId: sent.id, text: 'second thoughts' };
    expect(await a.emit('editMessage', edit)).toEqual({});
    await b.waitForEvent('messageUpdated');
    // The guest's network drops: their session waits for them to come back (two minutes).
    b.close();
    await a.waitFor((frame) => frame.includes('Guest has left'));
    const stub = roomStub(env, roomId);
    const recovery = (state: DurableObjectState) => ({
      sessions: state.storage.sql.exec('SELECT * FROM sio_sessions').toArray().length,
      packets: state.storage.sql.exec('SELECT * FROM sio_packets').toArray().length,
    });
    const before = await runInDurableObject(stub, (_room: ChatRoom, state) => recovery(state));
    expect(before.sessions).toBeGreaterThan(0);
    expect(before.packets).toBeGreaterThan(0);

    expect(await deleteRoomEverywhere(env, openDb(env.DB), roomId)).toBeDefined();
    // Nobody can come back to a deleted room, and no alarm will ever prune what it kept.
    const after = await runInDurableObject(stub, (_room: ChatRoom, state) => recovery(state));
    expect(after).toEqual({ sessions: 0, packets: 0 });
  });

  it('logs no presence news that was still waiting for its batch', async () => {
    const { roomId, stub } = await aRoom();
    const packets = await runInDurableObject(stub, async (room: ChatRoom, state) => {
      const { 0: socket } = new WebSocketPair();
      // "Guest has left the room", waiting for its batch as the deletion comes.
      room.parts.presence.changed({ kind: 'left', nickname: 'Guest', socket });
      await room.deleteRoom(roomId);
      await sleep(500);
      return state.storage.sql.exec('SELECT frame FROM sio_packets').toArray();
    });
    expect(packets).toEqual([]);
  });
});

describe('deleting a room when the file store fails', () => {
  it('still ends its sockets and forgets its history, answers the deletion, and removes its files later', async () => {
    const { owner, roomId, stub } = await aRoom();
    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    expect(await socket.emit('sendMessage', { text: 'soon gone', roomId })).toEqual({});
    const outage = new Error('R2 is unavailable');
    const failingFiles = {
      list: () => Promise.reject(outage),
      delete: () => Promise.reject(outage),
    } as unknown as R2Bucket;

    await env.FILES.put(`rooms/${roomId}/left-behind`, 'a photo');

    // The room is gone from D1: the deletion stands, and says so.
    const deleted = await deleteRoomEverywhere(
      { ...env, FILES: failingFiles },
      openDb(env.DB),
      roomId,
    );
    expect(deleted?.roomId).toBe(roomId);

    expect((await socket.waitForEvent('room-deleted'))[0]).toEqual({ roomId });
    await runInDurableObject(stub, (room: ChatRoom) => {
      expect(room.parts.identity.deleted).toBe(true);
      expect(room.parts.messages.store.count()).toBe(0);
    });

    // The objects are owed, and the hourly clean-up removes them once the store is back.
    expect(await owedRemovals(roomId)).toEqual([roomId]);
    expect(await env.FILES.head(`rooms/${roomId}/left-behind`)).not.toBeNull();
    await runCron(HOURLY_CRON);
    expect(await env.FILES.head(`rooms/${roomId}/left-behind`)).toBeNull();
    expect(await owedRemovals(roomId)).toEqual([]);
  });

  it('owes nothing once its objects are gone, nor for a room that was not there', async () => {
    const { roomId } = await aRoom();
    await env.FILES.put(`rooms/${roomId}/a-photo`, 'a photo');
    expect(await deleteRoomEverywhere(env, openDb(env.DB), roomId)).toBeDefined();
    expect(await env.FILES.head(`rooms/${roomId}/a-photo`)).toBeNull();
    expect(await owedRemovals(roomId)).toEqual([]);
    expect(await deleteRoomEverywhere(env, openDb(env.DB), 'no-such-room')).toBeUndefined();
    expect(await owedRemovals('no-such-room')).toEqual([]);
  });
});

describe("the hourly clean-up of a deleted room's files", () => {
  it('never empties a room D1 has, whatever room_file_removals says', async () => {
    const { roomId } = await aRoom();
    await env.FILES.put(`rooms/${roomId}/still-shared`, 'a photo');
    await env.DB.prepare('INSERT INTO room_file_removals (room_id) VALUES (?)').bind(roomId).run();
    await runCron(HOURLY_CRON);
    expect(await env.FILES.head(`rooms/${roomId}/still-shared`)).not.toBeNull();
  });
});

async function owedRemovals(roomId: string) {
  const { results } = await env.DB.prepare(
    'SELECT room_id FROM room_file_removals WHERE room_id = ?',
  )
    .bind(roomId)
    .all<{ room_id: string }>();
  return results.map((row) => row.room_id);
}
