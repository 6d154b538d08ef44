/**
 * What happens to pins when their messages change: a deletion (by its author or a moderator)
 * or a trim unpins, an edit changes the excerpt, each told to the room as `pins`; and the list
 * outlives a reconnect and the object's eviction (`loadPins`).
 */
import { env, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REPLY_EXCERPT_MAX } from '../../contract/realtime';
import { HISTORY_LIMIT } from '../../worker/chat/messages/message-store';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { post } from './support/messages';
import { ownerAndGuestJoined } from './support/rooms';
import { TestSocket } from './support/socket';

const idsOf = (event: { pins: { id: number }[] }) => event.pins.map((pin) => pin.id);

describe('a pinned message that changes', () => {
  it('deleted by its author or by the owner, is unpinned and the room hears it', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Pins' });
    const first = await post(b, roomId, 'first');
    const second = await post(b, roomId, 'second');
    expect(await a.emit('pinMessage', { roomId, messageId: first.id })).toEqual({});
    expect(await a.emit('pinMessage', { roomId, messageId: second.id })).toEqual({});
    await b.waitForEvent('pins', 2);

    expect(await b.emit('deleteMessage', { roomId, messageId: second.id })).toEqual({});
    expect(idsOf((await b.waitForEvent('pins', 3))[2])).toEqual([first.id]);
    expect(await a.emit('deleteMessage', { roomId, messageId: first.id })).toEqual({});
    expect(idsOf((await a.waitForEvent('pins', 4))[3])).toEqual([]);
    expect((await b.emit('loadPins', { roomId })).pins).toEqual([]);
    a.close();
    b.close();
  });

  it('edited, shows its new words, cut to the excerpt length', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Pins' });
    const { id } = await post(b, roomId, 'the old link');
    expect(await a.emit('pinMessage', { roomId, messageId: id })).toEqual({});
    await a.waitForEvent('pins');
    const long = 'new link '.repeat(30);
    expect(await b.emit('editMessage', { roomId, messageId: id, text: long })).toEqual({});
    const [, edited] = await a.waitForEvent('pins', 2);
    const [pin] = edited.pins;
    expect(pin.excerpt.startsWith('new link new link')).toBe(true);
    expect(pin.excerpt.length).toBeLessThanOrEqual(REPLY_EXCERPT_MAX + 1);
    expect((await a.emit('loadPins', { roomId })).pins).toEqual(edited.pins);
    a.close();
    b.close();
  });

  it('trimmed from the history, is pinned no more', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Pins' });
    const { id } = await post(b, roomId, 'the oldest');
    expect(await a.emit('pinMessage', { roomId, messageId: id })).toEqual({});
    await b.waitForEvent('pins');
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      for (let i = 0; i < HISTORY_LIMIT + 100; i++)
        room.parts.messages.store.add(null, 'Guest', `m${i}`, 'user');
    });
    expect((await b.waitForEvent('pins', 2))[1]).toEqual({ roomId, pins: [] });
    expect((await a.emit('loadPins', { roomId })).pins).toEqual([]);
    a.close();
    b.close();
  });
});

describe('loadPins', () => {
  it('answers the list after a reconnect and after the object was evicted', async () => {
    const { roomId, guest, a, b } = await ownerAndGuestJoined({ name: 'Pins' });
    const { id } = await post(b, roomId, 'keep me');
    expect(await a.emit('pinMessage', { roomId, messageId: id })).toEqual({});
    const [event] = await b.waitForEvent('pins');
    b.close();

    const again = await TestSocket.joined(guest.client, roomId, 'Guest');
    // Not part of the join: asked for.
    expect(again.events('pins')).toEqual([]);
    expect(await again.emit('loadPins', { roomId })).toEqual({ pins: event.pins });

    await evictDurableObject(roomStub(env, roomId));
    const woken = await TestSocket.joined(guest.client, roomId, 'Guest');
    expect(await woken.emit('loadPins', { roomId })).toEqual({ pins: event.pins });
    expect(await woken.emit('loadPins')).toEqual({ pins: event.pins });
    for (const socket of [a, again, woken]) socket.close();
  });
});
