/**
 * A kick bans, and the room object enforces it: the attack is a kicked person walking straight
 * back in, over a new socket or an old one. Lifting the ban lets them back.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import type { RoomBans } from '../../worker/chat/room/ban-list';
import { RoomGate } from '../../worker/chat/room/room-gate';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { heldD1 } from './support/held-d1';
import { joinRoom, ownerAndGuest } from './support/rooms';
import { TestSocket } from './support/socket';

const BANNED = '44{"message":"You have been banned from this room","data":{"code":"banned"}}';

describe('a kick bans, and the room enforces it', () => {
  it('refuses the kicked person’s reconnect with a clear message; the others stay', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Bans', ownAddresses: true });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(kick.status).toBe(200);
    await b.waitFor((frame) => frame === '41');
    expect(b.events('message').map((m) => m.text)).toContain(
      'You have been removed from this room',
    );
    await a.waitFor((frame) => frame.includes('Guest was removed from the room'));

    expect((await TestSocket.connect(guest.client, roomId)).answer).toBe(BANNED);
    expect(await a.emit('sendMessage', { text: 'still here', roomId })).toEqual({});
    a.close();
  });

  it('a message the kicked person sent just before the kick is not stored after it', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Bans', ownAddresses: true });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    // The send waits for its batch (the next event) when the kick arrives: the owner's message
    // just before it was stored at once (a quiet room's), so the guest's joins the next batch.
    const refusal = await runInDurableObject(roomStub(env, roomId), async (room: ChatRoom) => {
      void room.parts.messages.post(owner.user.id, 'Owner', 'before the kick');
      const sent = room.parts.messages.post(guest.user.id, 'Guest', 'one last spam');
      void room.removeMember(guest.user.id, 'You have been removed from this room');
      return sent.then(
        () => 'stored',
        (error: Error) => error.message,
      );
    });
    expect(refusal).toBe('You were removed from this room');
    await a.waitFor((frame) => frame.includes('Guest was removed from the room'));
    expect(await a.emit('sendMessage', { text: 'after the kick', roomId })).toEqual({});
    await a.waitFor(() => a.events('message').some((m) => m.text === 'after the kick'));
    expect(a.events('message').map((m) => m.text)).not.toContain('one last spam');
    const stored = await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) =>
      room.parts.messages.store.since(0, 50).map((m) => m.text),
    );
    expect(stored).toEqual(['before the kick', 'after the kick']);
    a.close();
    b.close();
  });

  it('the room’s own ban list refuses an upgrade that passed the worker’s check', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Bans', ownAddresses: true });
    // The room has the ban while D1 still says member and not banned, as it does for an
    // upgrade checked just before the kick's batch: the room knows better.
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      room.parts.gate.kicked(guest.user.id);
    });
    expect((await TestSocket.connect(guest.client, roomId)).answer).toBe(BANNED);
    // The owner is unaffected.
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    a.close();
  });

  // An unban whose call to the room was given up (queues/room-calls-consumer.ts) left the
  // room's copy of the ban for good: D1 let the person back in, the room refused every socket,
  // and no ban was listed for the owner to lift again.
  it('lets a person in once D1 no longer bans them, though the unban never reached the room', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Bans', ownAddresses: true });
    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(kick.status).toBe(200);
    // The unban, in D1 alone.
    await env.DB.prepare('DELETE FROM room_bans WHERE room_id = ? AND user_id = ?')
      .bind(roomId, guest.user.id)
      .run();
    expect((await joinRoom(guest.client, roomId, 'Guest')).status).toBe(200);
    // The room still refuses the first socket, and asks D1 meanwhile.
    expect((await TestSocket.connect(guest.client, roomId)).answer).toBe(BANNED);
    await expect
      .poll(() =>
        runInDurableObject(roomStub(env, roomId), (room: ChatRoom) =>
          room.parts.gate.isBanned(guest.user.id),
        ),
      )
      .toBe(false);
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    b.close();
  });

  it('refuses `join` from a socket that was already open when the ban arrived', async () => {
    const { guest, roomId } = await ownerAndGuest({ name: 'Bans', ownAddresses: true });
    const { socket } = await TestSocket.connect(guest.client, roomId);
    // The ban alone, without the kick's closing of sockets: the join must still be refused.
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      (room.parts.gate as unknown as { bans: RoomBans }).bans.ban(guest.user.id);
    });
    const ack = await socket.emit('join', { name: 'Guest', room: roomId });
    expect(ack).toEqual({ error: 'You have been banned from this room', code: 'banned' });
    await socket.waitFor((frame) => frame === '41');
    await socket.waitForClose();
    expect(socket.events('chatHistory')).toEqual([]);
  });

  it('after unbanMember and a new membership, the person joins again', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Bans', ownAddresses: true });
    await owner.client.call(`/rooms/${roomId}/kick`, { body: { targetUserId: guest.user.id } });
    expect((await TestSocket.connect(guest.client, roomId)).answer).toBe(BANNED);

    // What lifting a ban does: the D1 row goes, and the room is told.
    await env.DB.prepare('DELETE FROM room_bans WHERE room_id = ? AND user_id = ?')
      .bind(roomId, guest.user.id)
      .run();
    await roomStub(env, roomId).unbanMember(guest.user.id);
    expect((await joinRoom(guest.client, roomId, 'Guest')).status).toBe(200);

    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    expect(await b.emit('sendMessage', { text: 'back again', roomId })).toEqual({});
    b.close();
  });

  it('a kick’s call that reaches the room after the unban’s leaves the person unbanned', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Bans', ownAddresses: true });
    await owner.client.call(`/rooms/${roomId}/kick`, { body: { targetUserId: guest.user.id } });
    // The unban as the API makes it (the D1 row goes, then the room is told)...
    await env.DB.prepare('DELETE FROM room_bans WHERE room_id = ? AND user_id = ?')
      .bind(roomId, guest.user.id)
      .run();
    await roomStub(env, roomId).unbanMember(guest.user.id);
    // ...and the kick's call to the room, overtaken on the way, arriving only now.
    await roomStub(env, roomId).removeMember(guest.user.id, 'You have been removed from this room');

    expect((await joinRoom(guest.client, roomId, 'Guest')).status).toBe(200);
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    b.close();
  });

  it('kick, unban, kick again: the last kick stands, whatever order D1 answers in', async () => {
    const { roomId } = await ownerAndGuest({ name: 'Bans', ownAddresses: true });
    // D1 answers the ban checks when the test says, with what the test says.
    const { db: heldDb, answers } = heldD1();
    const [banStands, noBan] = [{ banned: 1 }, null];
    const banned = await runInDurableObject(
      roomStub(env, roomId),
      async (room: ChatRoom, state) => {
        const gate = new RoomGate(state.storage.sql, () => heldDb, { id: roomId }, room);
        gate.kicked('user-x');
        const first = gate.confirmKick('user-x');
        gate.unbanned('user-x');
        gate.kicked('user-x');
        const second = gate.confirmKick('user-x');
        answers[0]!(noBan); // the first check read D1 between the unban and the second kick
        answers[1]!(banStands);
        await Promise.all([first, second]);
        return gate.isBanned('user-x');
      },
    );
    expect(banned).toBe(true);
  });
});
