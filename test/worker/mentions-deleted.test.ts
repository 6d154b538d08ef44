/**
 * A mention deleted after the summary flush wrote its '@' mark (memberships.last_mention_id):
 * the next flush moves the mark back to the person's newest mention still in the room, or
 * clears it; and a newer deleted mention never hides an older one that stays. An edit that
 * takes a mention away does the same.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { RoomMembers } from '../../worker/chat/room/room-members';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { flush, post, roomListEntry } from './support/messages';
import { ownerAndGuestJoined } from './support/rooms';
import type { Client } from './support/api';

const unreadMentions = async (client: Client, roomId: string) =>
  (await roomListEntry(client, roomId))?.unreadMentions;

const mentionMark = async (roomId: string, userId: string) =>
  (
    await env.DB.prepare(
      'SELECT last_mention_id AS id FROM memberships WHERE room_id = ? AND user_id = ?',
    )
      .bind(roomId, userId)
      .first<{ id: number }>()
  )?.id;

type Parts = { parts: { db: () => D1Database; identity: { id: string }; members: RoomMembers } };

/** The room's members as an object woken from hibernation has them: none known until read. */
const forgetMembers = (roomId: string) =>
  runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
    const { parts } = room as unknown as Parts;
    parts.members = new RoomMembers(parts.db, () => parts.identity.id);
  });

describe('a deleted mention', () => {
  it('clears the mark once its summary went, at the next flush', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Deleted mention' });
    const mention = await post(a, roomId, '@Guest look');
    await flush(roomId);
    expect(await unreadMentions(guest.client, roomId)).toBe(true);
    expect(await a.emit('deleteMessage', { roomId, messageId: mention.id })).toEqual({});
    await flush(roomId);
    expect(await unreadMentions(guest.client, roomId)).toBe(false);
    expect(await mentionMark(roomId, guest.user.id)).toBe(0);
    a.close();
    b.close();
  });

  it('moves the mark back to the older mention that stays', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Deleted mention' });
    const older = await post(a, roomId, '@Guest one');
    await flush(roomId);
    const newer = await post(a, roomId, '@Guest two');
    await post(a, roomId, 'no one named');
    await flush(roomId);
    expect(await mentionMark(roomId, guest.user.id)).toBe(newer.id);
    expect(await a.emit('deleteMessage', { roomId, messageId: newer.id })).toEqual({});
    await flush(roomId);
    expect(await mentionMark(roomId, guest.user.id)).toBe(older.id);
    expect(await unreadMentions(guest.client, roomId)).toBe(true);
    a.close();
    b.close();
  });

  it('does not hide an older mention sent in the same flush', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Deleted mention' });
    const older = await post(a, roomId, '@Guest one');
    const newer = await post(a, roomId, '@Guest two');
    expect(await a.emit('deleteMessage', { roomId, messageId: newer.id })).toEqual({});
    await flush(roomId);
    expect(await mentionMark(roomId, guest.user.id)).toBe(older.id);
    expect(await unreadMentions(guest.client, roomId)).toBe(true);
    a.close();
    b.close();
  });

  it('is also one an edit takes away: the mark goes back to the mention left', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Edited mention' });
    const older = await post(a, roomId, '@Guest one');
    const edited = await post(a, roomId, '@Guest two');
    await flush(roomId);
    expect(await mentionMark(roomId, guest.user.id)).toBe(edited.id);
    const edit = { roomId, messageId: edited.id, text: 'two, for nobody' };
    expect(await a.emit('editMessage', edit)).toEqual({});
    await flush(roomId);
    expect(await mentionMark(roomId, guest.user.id)).toBe(older.id);
    // An edit that keeps the name keeps the mark on it.
    const kept = { roomId, messageId: older.id, text: '@Guest one, said again' };
    expect(await a.emit('editMessage', kept)).toEqual({});
    await flush(roomId);
    expect(await mentionMark(roomId, guest.user.id)).toBe(older.id);
    a.close();
    b.close();
  });

  it('moves the mark in a room woken from hibernation too, by a deletion or an edit', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Woken room' });
    const older = await post(a, roomId, '@Guest one');
    const newer = await post(a, roomId, '@Guest two');
    await flush(roomId);
    expect(await mentionMark(roomId, guest.user.id)).toBe(newer.id);
    // Woken, the room knows its members only once it reads them; a deletion names nobody.
    await forgetMembers(roomId);
    expect(await a.emit('deleteMessage', { roomId, messageId: newer.id })).toEqual({});
    await flush(roomId);
    expect(await mentionMark(roomId, guest.user.id)).toBe(older.id);
    // Nor does an edit's new text, without an '@', make it wait for them.
    await forgetMembers(roomId);
    const edit = { roomId, messageId: older.id, text: 'one, for nobody' };
    expect(await a.emit('editMessage', edit)).toEqual({});
    await flush(roomId);
    expect(await mentionMark(roomId, guest.user.id)).toBe(0);
    a.close();
    b.close();
  });
});
