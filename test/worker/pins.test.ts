/**
 * Pinned messages: who may pin and unpin (the owner, an administrator, either person of a
 * private conversation; not a plain member), the `pins` event the whole room hears, the cap,
 * and the refusals the verbs share with the other message actions. What happens to pins when
 * their messages change is in pins-lifecycle.test.ts.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PINS_MAX } from '../../contract/pins';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signedInClient } from './support/api';
import { signedInAdmin } from './support/admin';
import { post, refusedWith } from './support/messages';
import { createRoom, joinRoom, ownerAndGuestJoined } from './support/rooms';
import { TestSocket } from './support/socket';

describe('who may pin a message', () => {
  it('the owner pins and unpins, and everyone in the room hears the list', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Pins' });
    const rules = await post(b, roomId, 'The rules: be kind & fair');
    const id = rules.id as number;

    expect(await a.emit('pinMessage', { roomId, messageId: id })).toEqual({});
    const [event] = await b.waitForEvent('pins');
    expect(event).toEqual({
      roomId,
      pins: [
        {
          id,
          user: 'Guest',
          excerpt: 'The rules: be kind & fair',
          createdAt: rules.createdAt,
          pinnedAt: expect.any(Number),
        },
      ],
    });
    expect((await a.waitForEvent('pins'))[0]).toEqual(event);

    expect(await a.emit('unpinMessage', { roomId, messageId: id })).toEqual({});
    const events = await b.waitForEvent('pins', 2);
    expect(events[1]).toEqual({ roomId, pins: [] });
    a.close();
    b.close();
  });

  it('a plain member is refused, and nothing changes', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Pins' });
    const { id } = await post(a, roomId, 'the meeting link');
    expect(await b.emit('pinMessage', { roomId, messageId: id })).toEqual(
      refusedWith('not_allowed'),
    );
    expect(await a.emit('pinMessage', { roomId, messageId: id })).toEqual({});
    await a.waitForEvent('pins');
    expect(await b.emit('unpinMessage', { roomId, messageId: id })).toEqual(
      refusedWith('not_allowed'),
    );
    expect((await b.emit('loadPins', { roomId })).pins).toHaveLength(1);
    expect(b.events('pins')).toHaveLength(1);
    a.close();
    b.close();
  });

  it('an administrator pins in a room they do not own', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Pins' });
    const admin = await signedInAdmin();
    const joined = await admin.client.call(`/admin/join/${roomId}`, { body: {} });
    const { activeNickname } = joined.body as { activeNickname: string };
    const moderator = await TestSocket.joined(admin.client, roomId, activeNickname);
    const { id } = await post(b, roomId, 'worth keeping');
    expect(await moderator.emit('pinMessage', { roomId, messageId: id })).toEqual({});
    expect((await b.waitForEvent('pins'))[0].pins.map((pin: { id: number }) => pin.id)).toEqual([
      id,
    ]);
    for (const socket of [a, b, moderator]) socket.close();
  });

  it('either person of a private conversation pins, though nobody owns it', async () => {
    const alice = await signedInClient();
    const bob = await signedInClient();
    const from = await createRoom(alice.client, 'Friends', 'Alice');
    expect((await joinRoom(bob.client, from, 'Bob')).status).toBe(200);
    const opened = await alice.client.call(`/rooms/${from}/direct`, { body: { nickname: 'Bob' } });
    const roomId = opened.body.roomId as string;
    const a = await TestSocket.joined(alice.client, roomId, 'Alice');
    const b = await TestSocket.joined(bob.client, roomId, 'Bob');
    const first = await post(a, roomId, 'the address');
    const second = await post(b, roomId, 'the time');

    expect(await b.emit('pinMessage', { roomId, messageId: first.id })).toEqual({});
    expect(await a.emit('pinMessage', { roomId, messageId: second.id })).toEqual({});
    const events = await a.waitForEvent('pins', 2);
    // Newest pin first.
    expect(events[1].pins.map((pin: { id: number }) => pin.id)).toEqual([second.id, first.id]);
    a.close();
    b.close();
  });
});

describe('pinning', () => {
  it(`keeps at most ${PINS_MAX} pins a room, and repeats change nothing`, async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Pins' });
    const stub = roomStub(env, roomId);
    // Stored and pinned inside the object: through the socket, 21 of each would wait for the
    // sending allowance.
    const ids = await runInDurableObject(stub, (room: ChatRoom) => {
      const { store, pins } = room.parts.messages;
      const stored = Array.from({ length: PINS_MAX + 1 }, (_, i) =>
        store.add(null, 'Guest', `<p>m${i}</p>`, 'user'),
      );
      for (const message of stored.slice(0, PINS_MAX)) expect(pins.pin(message)).toBe('pinned');
      return stored.map((message) => message.id as number);
    });
    const last = ids[PINS_MAX]!;
    expect(await a.emit('pinMessage', { roomId, messageId: last })).toEqual(
      refusedWith('too_many_pins'),
    );
    // Pinned already: answered, no new event.
    const heard = b.events('pins').length;
    expect(await a.emit('pinMessage', { roomId, messageId: ids[0] })).toEqual({});
    expect(await a.emit('unpinMessage', { roomId, messageId: last })).toEqual({});
    const { pins } = await b.emit('loadPins', { roomId });
    expect(pins).toHaveLength(PINS_MAX);
    expect(b.events('pins')).toHaveLength(heard);
    a.close();
    b.close();
  });

  it('refuses a notice, a deleted message, bad payloads, another room and before a join', async () => {
    const { roomId, owner, a, b } = await ownerAndGuestJoined({ name: 'Pins' });
    const notice = await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) =>
      room.parts.messages.store.add(null, 'Moderator', '<p>a notice</p>', 'system-fancy'),
    );
    expect(await a.emit('pinMessage', { roomId, messageId: notice.id })).toEqual(
      refusedWith('not_pinnable'),
    );
    const { id } = await post(b, roomId, 'soon gone');
    expect(await b.emit('deleteMessage', { roomId, messageId: id })).toEqual({});
    expect(await a.emit('pinMessage', { roomId, messageId: id })).toEqual(
      refusedWith('message_not_found'),
    );
    for (const payload of [undefined, {}, { roomId, messageId: 'x' }, { roomId, messageId: -1 }]) {
      expect(await a.emit('pinMessage', payload)).toEqual(refusedWith('invalid_payload'));
      expect(await a.emit('unpinMessage', payload)).toEqual(refusedWith('invalid_payload'));
    }
    expect(await a.emit('loadPins', { roomId: 42 })).toEqual(refusedWith('invalid_payload'));
    const other = 'another-room-id';
    expect(await a.emit('pinMessage', { roomId: other, messageId: 1 })).toEqual(
      refusedWith('wrong_room'),
    );
    expect(await a.emit('loadPins', { roomId: other })).toEqual(refusedWith('wrong_room'));

    const { socket } = await TestSocket.connect(owner.client, roomId);
    expect(await socket.emit('loadPins', { roomId })).toEqual(refusedWith('not_joined'));
    expect(await socket.emit('pinMessage', { roomId, messageId: 1 })).toEqual(
      refusedWith('not_joined'),
    );
    expect(a.events('pins')).toEqual([]);
    for (const s of [a, b, socket]) s.close();
  });
});
