/**
 * A summary flush that D1 failed is tried again by an alarm of its own (room-messages.ts), as
 * a failed file removal is: a room that went quiet, with nobody in it, brings no next flush.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { RoomMessages, type MessagesDeps } from '../../worker/chat/messages/room-messages';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { flush, post, roomListEntry } from './support/messages';
import { ownerAndGuestJoined } from './support/rooms';

const reject = () => Promise.reject(new Error('D1 is down'));
const statement = { bind: () => statement, first: reject, run: reject, all: reject, raw: reject };
const down = { prepare: () => statement, batch: reject, exec: reject };

type Parts = { parts: { messages: { deps: { db: () => unknown } } } };
type Messages = { parts: { messages: { deps: MessagesDeps } | RoomMessages } };
const setSummaryDb = (roomId: string, db: () => unknown) =>
  runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
    (room as unknown as Parts).parts.messages.deps.db = db;
  });

describe('a failed summary flush', () => {
  it('is tried again by an alarm in a few minutes, with nobody left in the room', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Retry' });
    await setSummaryDb(roomId, () => down);
    const message = await post(a, roomId, 'hello @Guest');
    a.close();
    b.close();
    const stub = roomStub(env, roomId);
    await expect
      .poll(() =>
        runInDurableObject(stub, (_room: ChatRoom, state) => state.getWebSockets().length),
      )
      .toBe(0);
    // The message's flush: D1 refuses it, and asks for the alarm in a few minutes (the object
    // may ring sooner for its own rounds; each ring flushes too).
    const asked: number[] = [];
    await runInDurableObject(stub, (room: ChatRoom) => {
      const { deps } = (room as unknown as Messages).parts.messages as { deps: MessagesDeps };
      const wakeAt = deps.wakeAt;
      deps.wakeAt = (at) => (asked.push(at), wakeAt(at));
    });
    const failedAt = Date.now();
    expect(await flush(roomId)).toBe(true);
    expect(asked).toEqual([expect.any(Number)]);
    expect(asked[0]).toBeGreaterThanOrEqual(failedAt + 4 * 60_000);
    expect(
      await runInDurableObject(stub, (_r: ChatRoom, s) => s.storage.getAlarm()),
    ).not.toBeNull();

    // D1 is back: the retry's alarm carries the excerpt, the owner's position and the mention.
    await setSummaryDb(roomId, () => env.DB);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const forGuest = await roomListEntry(guest.client, roomId);
    expect(forGuest).toMatchObject({
      lastMessageId: message.id,
      lastMessageExcerpt: { plainText: 'hello @Guest' },
      unreadCount: 1,
      unreadMentions: true,
    });
    expect(await roomListEntry(owner.client, roomId)).toMatchObject({ unreadCount: 0 });
  });

  it('keeps what it owes through a restart before the retry (a room nobody is in is evicted)', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Retry restart' });
    await setSummaryDb(roomId, () => down);
    const message = await post(a, roomId, 'hi @Guest');
    a.close();
    b.close();
    const stub = roomStub(env, roomId);
    await expect
      .poll(() =>
        runInDurableObject(stub, (_room: ChatRoom, state) => state.getWebSockets().length),
      )
      .toBe(0);
    expect(await flush(roomId)).toBe(true);
    // The object's messages made afresh over its storage, as after an eviction, with D1 back.
    await runInDurableObject(stub, (room: ChatRoom) => {
      const { parts } = room as unknown as Messages;
      const { deps } = parts.messages as { deps: MessagesDeps };
      parts.messages = new RoomMessages({ ...deps, db: () => env.DB });
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await roomListEntry(guest.client, roomId)).toMatchObject({
      lastMessageId: message.id,
      unreadMentions: true,
    });
    const ownerRead = await env.DB.prepare(
      'SELECT last_read_id AS id FROM memberships WHERE room_id = ? AND user_id = ?',
    )
      .bind(roomId, owner.user.id)
      .first<{ id: number }>();
    expect(ownerRead?.id).toBe(message.id);
  });
});
