/**
 * What still reaches a room object after its room was deleted: a send waiting in its batch, a
 * broadcast queued before the deletion. Nothing of either is stored or delivered.
 */
import { env, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { ROOM_DELETED } from '../../worker/chat/messages/room-messages';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signedInClient } from './support/api';
import { createRoom } from './support/rooms';

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
