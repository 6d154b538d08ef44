/**
 * Who may act on a stored message (issue 33): `react`, `editMessage` and `deleteMessage` for its
 * author, another member, the room's owner, an administrator, a kicked person and a stranger,
 * and the refusals every action shares (before join, another room, a message not there).
 * What the actions do is in message-actions-effects.test.ts.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { RoomBans } from '../../worker/chat/room/ban-list';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signedInClient } from './support/api';
import { signedInAdmin } from './support/admin';
import { eventsFor, post, refusedWith } from './support/messages';
import { joinRoom, ownerAndGuest, ownerAndGuestJoined } from './support/rooms';
import { TestSocket } from './support/socket';

const BANNED = '44{"message":"You have been banned from this room","data":{"code":"banned"}}';
const NOT_MEMBER = '44{"message":"You are not a member of this room","data":{"code":"not_member"}}';

/** A third person in the room, neither its owner nor an administrator, joined as 'Carol'. */
async function carolJoins(roomId: string) {
  const carol = await signedInClient();
  expect((await joinRoom(carol.client, roomId, 'Carol')).status).toBe(200);
  return TestSocket.joined(carol.client, roomId, 'Carol');
}

/** An administrator who joined the room as moderator, with a joined socket. */
async function adminJoins(roomId: string) {
  const admin = await signedInAdmin();
  const joined = await admin.client.call(`/admin/join/${roomId}`, { body: {} });
  expect(joined.status).toBe(200);
  const { activeNickname } = joined.body as { activeNickname: string };
  return { socket: await TestSocket.joined(admin.client, roomId, activeNickname), activeNickname };
}

describe('who may act on a message', () => {
  it('its author edits and deletes it; another member may react, not edit or delete', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Actions' });
    const c = await carolJoins(roomId);
    const mine = await post(b, roomId, 'the guest wrote this');
    const id = mine.id as number;

    expect(await c.emit('editMessage', { roomId, messageId: id, text: 'hijacked' })).toEqual(
      refusedWith('not_allowed'),
    );
    expect(await c.emit('deleteMessage', { roomId, messageId: id })).toEqual(
      refusedWith('not_allowed'),
    );
    expect(await c.emit('react', { roomId, messageId: id, emoji: '👍' })).toEqual({});
    const [reacted] = await eventsFor(b, 'reactions', id);
    expect(reacted).toEqual({ id, reactions: [{ emoji: '👍', count: 1, nicknames: ['Carol'] }] });

    expect(
      await b.emit('editMessage', { roomId, messageId: id, text: 'the guest fixed it' }),
    ).toEqual({});
    const [updated] = await eventsFor(c, 'messageUpdated', id);
    expect(updated.text).toBe('the guest fixed it');
    // Nobody else's edit got through before the author's.
    expect(await eventsFor(a, 'messageUpdated', id)).toEqual([updated]);

    expect(await b.emit('deleteMessage', { roomId, messageId: id })).toEqual({});
    expect(await eventsFor(c, 'messageDeleted', id)).toEqual([{ id }]);
    expect(await eventsFor(a, 'messageDeleted', id)).toEqual([{ id }]);
    for (const socket of [a, b, c]) socket.close();
  });

  it("the room's owner deletes anyone's message but edits only their own", async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Actions' });
    const guests = await post(b, roomId, 'a guest message');
    const owners = await post(a, roomId, 'an owner message');

    expect(
      await a.emit('editMessage', { roomId, messageId: guests.id, text: 'rewritten by the owner' }),
    ).toEqual(refusedWith('not_allowed'));
    expect(
      await a.emit('editMessage', { roomId, messageId: owners.id, text: 'owner, edited' }),
    ).toEqual({});
    expect(await a.emit('react', { roomId, messageId: guests.id, emoji: '🎉' })).toEqual({});

    expect(await a.emit('deleteMessage', { roomId, messageId: guests.id })).toEqual({});
    expect(await eventsFor(b, 'messageDeleted', guests.id)).toEqual([{ id: guests.id }]);
    // The guest may not delete the owner's message either.
    expect(await b.emit('deleteMessage', { roomId, messageId: owners.id })).toEqual(
      refusedWith('not_allowed'),
    );
    a.close();
    b.close();
  });

  it('an administrator deletes any message but edits none of theirs', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Actions' });
    const { socket: mod } = await adminJoins(roomId);
    const guests = await post(b, roomId, 'a guest message');
    const owners = await post(a, roomId, 'an owner message');

    expect(
      await mod.emit('editMessage', { roomId, messageId: guests.id, text: 'moderated' }),
    ).toEqual(refusedWith('not_allowed'));
    expect(await mod.emit('react', { roomId, messageId: guests.id, emoji: '👀' })).toEqual({});
    expect(await mod.emit('deleteMessage', { roomId, messageId: guests.id })).toEqual({});
    expect(await mod.emit('deleteMessage', { roomId, messageId: owners.id })).toEqual({});
    expect(await eventsFor(b, 'messageDeleted', guests.id)).toEqual([{ id: guests.id }]);
    expect(await eventsFor(b, 'messageDeleted', owners.id)).toEqual([{ id: owners.id }]);
    for (const socket of [a, b, mod]) socket.close();
  });

  it('a banned person cannot act, and a kicked one cannot come back to', async () => {
    const { roomId, owner, guest, a, b } = await ownerAndGuestJoined({
      name: 'Actions',
      ownAddresses: true,
    });
    const owners = await post(a, roomId, 'an owner message');
    const guests = await post(b, roomId, 'a guest message');
    // The room's ban lands on a socket still open (as it does between a kick's ban and the
    // end of the person's sockets): it may no longer act, not even on its own message.
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      (room.parts.gate as unknown as { bans: RoomBans }).bans.ban(guest.user.id);
    });
    expect(await b.emit('react', { roomId, messageId: owners.id, emoji: '👎' })).toEqual(
      refusedWith('banned'),
    );
    expect(await b.emit('editMessage', { roomId, messageId: guests.id, text: 'spam' })).toEqual(
      refusedWith('banned'),
    );
    expect(await b.emit('deleteMessage', { roomId, messageId: guests.id })).toEqual(
      refusedWith('banned'),
    );
    expect(a.events('reactions')).toEqual([]);

    // The kick itself ends the socket, and a new one of theirs is refused at connect.
    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(kick.status).toBe(200);
    await b.waitFor((frame) => frame === '41');
    await b.waitForClose();
    const again = await TestSocket.connect(guest.client, roomId);
    expect(again.answer).toBe(BANNED);
    await again.socket.waitForClose();
    // Nothing of theirs arrived: the owner's message is as it was.
    expect(a.events('reactions')).toEqual([]);
    expect(a.events('messageUpdated')).toEqual([]);
    expect(a.events('messageDeleted')).toEqual([]);
    a.close();
  });

  it('a stranger to the room cannot connect, so cannot act', async () => {
    const { roomId } = await ownerAndGuest({ name: 'Actions' });
    const stranger = await signedInClient();
    const { socket, answer } = await TestSocket.connect(stranger.client, roomId);
    expect(answer).toBe(NOT_MEMBER);
    await socket.waitForClose();
  });
});

describe('refusals every action shares', () => {
  it('before join: not_joined, whatever the message', async () => {
    const { owner, roomId, a } = await ownerAndGuestJoined({ name: 'Actions' });
    const message = await post(a, roomId, 'here');
    const { socket } = await TestSocket.connect(owner.client, roomId);
    const messageId = message.id as number;
    expect(await socket.emit('react', { roomId, messageId, emoji: '👍' })).toEqual(
      refusedWith('not_joined'),
    );
    expect(await socket.emit('editMessage', { roomId, messageId, text: 'x' })).toEqual(
      refusedWith('not_joined'),
    );
    expect(await socket.emit('deleteMessage', { roomId, messageId })).toEqual(
      refusedWith('not_joined'),
    );
    expect(a.events('reactions')).toEqual([]);
    socket.close();
    a.close();
  });

  it('another room: wrong_room; a malformed payload: invalid_payload', async () => {
    const { roomId, a } = await ownerAndGuestJoined({ name: 'Actions' });
    const messageId = (await post(a, roomId, 'here')).id as number;
    const elsewhere = 'another-room-id-000000';
    expect(await a.emit('react', { roomId: elsewhere, messageId, emoji: '👍' })).toEqual(
      refusedWith('wrong_room'),
    );
    expect(await a.emit('editMessage', { roomId: elsewhere, messageId, text: 'x' })).toEqual(
      refusedWith('wrong_room'),
    );
    expect(await a.emit('deleteMessage', { roomId: elsewhere, messageId })).toEqual(
      refusedWith('wrong_room'),
    );
    for (const [event, payload] of [
      ['react', { roomId, messageId: String(messageId), emoji: '👍' }],
      ['react', { roomId, messageId }],
      ['editMessage', { roomId, messageId: -1, text: 'x' }],
      ['editMessage', { roomId, messageId, text: 7 }],
      ['deleteMessage', { roomId, messageId: 1.5 }],
      ['deleteMessage', null],
    ] as const) {
      expect(await a.emit(event, payload), `${event} ${JSON.stringify(payload)}`).toEqual(
        refusedWith('invalid_payload'),
      );
    }
    // Without a roomId the socket's own room is meant.
    expect(await a.emit('react', { messageId, emoji: '👍' })).toEqual({});
    a.close();
  });

  it('a message the room does not have, or no longer: message_not_found', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Actions' });
    const gone = (await post(a, roomId, 'soon gone')).id as number;
    expect(await a.emit('deleteMessage', { roomId, messageId: gone })).toEqual({});
    for (const messageId of [gone, 9999]) {
      expect(await a.emit('react', { roomId, messageId, emoji: '👍' })).toEqual(
        refusedWith('message_not_found'),
      );
      expect(await a.emit('editMessage', { roomId, messageId, text: 'x' })).toEqual(
        refusedWith('message_not_found'),
      );
      expect(await b.emit('deleteMessage', { roomId, messageId })).toEqual(
        refusedWith('message_not_found'),
      );
    }
    expect(b.events('messageDeleted')).toEqual([{ id: gone }]);
    a.close();
    b.close();
  });
});
