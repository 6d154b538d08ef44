/**
 * What happens to pins when their messages change: a deletion (by its author or a moderator)
 * or a trim unpins, an edit changes the excerpt, each told to the room as `pins`; and the list
 * outlives a reconnect and the object's eviction (`loadPins`).
 */
import { env, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REPLY_EXCERPT_MAX } from '../../contract/realtime';
import { HISTORY_LIMIT, TRIM_EVERY } from '../../worker/chat/messages/message-store';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { messageWithId, post } from './support/messages';
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

  it('trimmed by a send, the send is still answered and heard, and the pins follow', async () => {
    const { roomId, a, b, next } = await pinnedOneSendBeforeATrim();
    expect(await send(b, roomId, 'the trimming one')).toEqual({ id: next });
    for (const socket of [a, b]) {
      expect((await messageWithId(socket, next)).text).toBe('the trimming one');
      expect((await socket.waitForEvent('pins', 2))[1]).toEqual({ roomId, pins: [] });
      expect(lastOf(socket, ['message', 'pins'])).toEqual(['message', 'pins']);
    }
    a.close();
    b.close();
  });

  it('trimmed by a send whose trim fails, the send is heard and the next send trims', async () => {
    const { roomId, a, b, next } = await pinnedOneSendBeforeATrim();
    const trigger = (sql: string) =>
      runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) => {
        state.storage.sql.exec(sql);
      });
    await trigger(`CREATE TRIGGER no_trim BEFORE DELETE ON messages
      BEGIN SELECT RAISE(ABORT, 'trim refused'); END`);
    expect(await send(b, roomId, 'the trimming one')).toEqual({ id: next });
    expect((await messageWithId(a, next)).text).toBe('the trimming one');
    expect(a.events('pins')).toHaveLength(1);

    await trigger('DROP TRIGGER no_trim');
    expect(await send(b, roomId, 'the next one')).toEqual({ id: next + 1 });
    expect((await a.waitForEvent('pins', 2))[1]).toEqual({ roomId, pins: [] });
    expect(lastOf(a, ['message', 'pins'])).toEqual(['message', 'pins']);
    // The failed trim told nothing: one list before it, one after the trim that ran.
    expect(a.events('pins')).toHaveLength(2);
    a.close();
    b.close();
  });
});

/**
 * A room whose first message is pinned, with rows written straight to its table (one
 * statement, not 5,000 sends) up to one before a trim: the send with id `next` trims the pin.
 */
async function pinnedOneSendBeforeATrim() {
  const joined = await ownerAndGuestJoined({ name: 'Pins' });
  const { roomId, a, b } = joined;
  const { id } = await post(b, roomId, 'the oldest');
  expect(await a.emit('pinMessage', { roomId, messageId: id })).toEqual({});
  await b.waitForEvent('pins');
  const next = HISTORY_LIMIT + TRIM_EVERY;
  await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) => {
    state.storage.sql.exec(
      `WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO messages (user_id, user, text, type, created_at)
       SELECT NULL, 'Guest', 'm' || i, 'user', 1 FROM n`,
      id + 1,
      next - 1,
    );
  });
  return { ...joined, next };
}

/** Sends `text` and answers its acknowledgement. */
const send = (socket: TestSocket, roomId: string, text: string) =>
  socket.emit('sendMessage', { roomId, text, clientId: crypto.randomUUID() });

/** The names of the last events of these kinds the socket heard, in the order it heard them. */
function lastOf(socket: TestSocket, names: string[]): string[] {
  const heard = socket.frames
    .filter((frame) => frame.startsWith('42['))
    .map((frame) => (JSON.parse(frame.slice(2)) as unknown[])[0] as string)
    .filter((name) => names.includes(name));
  return heard.slice(-names.length);
}

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
