/**
 * The room is the authority on who may come back: a ticket issued before a kick, a logout,
 * an account's deletion or the room's deletion is refused by the room, though its signature
 * holds for another minute. What the room remembers lives in its storage, so an evicted room
 * (idle rooms are evicted within seconds) still remembers it.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { TicketVoids } from '../../worker/chat/room/ticket-voids';
import { signedInAdmin } from './support/admin';
import { joinRoom, ownerAndGuest, signedInOwnAddress } from './support/rooms';
import { forwardedCookieUpgrade } from './support/room-object';
import { connectWithTicket, refusal, ticketFor } from './tickets-helpers';
import { REFUSED } from '../../contract/realtime';

const NOT_A_MEMBER = refusal(REFUSED.notMember);

describe('a ticket issued before a change cannot undo it', () => {
  it('a kick: refused as banned, and still refused once the ban is lifted', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({
      name: 'Revocations',
      ownAddresses: true,
    });
    const early = await ticketFor(guest.client, roomId);
    const open = await connectWithTicket(roomId, early, { ip: guest.client.ip });
    expect(open.answer.startsWith('40')).toBe(true);

    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(kick.status).toBe(200);
    await open.socket.waitFor((frame) => frame === '41');
    const again = await connectWithTicket(roomId, early, { ip: guest.client.ip });
    expect(again.answer).toBe(refusal(REFUSED.banned));

    // Unbanned, the person is still no member: the old ticket's membership is void.
    const lift = await owner.client.call(`/rooms/${roomId}/bans/${guest.user.id}`, {
      method: 'DELETE',
    });
    expect(lift.status).toBe(200);
    expect((await connectWithTicket(roomId, early, { ip: guest.client.ip })).answer).toBe(
      NOT_A_MEMBER,
    );
    // A member again, they get a fresh ticket and it works.
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the clock allowance
    await joinRoom(guest.client, roomId, 'Guest');
    const fresh = await connectWithTicket(roomId, await ticketFor(guest.client, roomId), {
      ip: guest.client.ip,
    });
    expect(fresh.answer.startsWith('40')).toBe(true);
    fresh.socket.close();
  });

  it('the room remembers after it was evicted (a fresh object reads its storage)', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({
      name: 'Revocations',
      ownAddresses: true,
    });
    const early = await ticketFor(guest.client, roomId);
    await owner.client.call(`/rooms/${roomId}/kick`, { body: { targetUserId: guest.user.id } });
    const remembered = await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) =>
      new TicketVoids(state.storage.sql).refusal({
        userId: guest.user.id,
        sessionId: 'any',
        issuedAt: Date.now() - 5_000,
      }),
    );
    expect(remembered).toBe('user');
    expect(early).toBeTruthy();
  });

  it('an account deleted: its ticket is refused', async () => {
    const { guest, roomId } = await ownerAndGuest({ name: 'Revocations', ownAddresses: true });
    const ticket = await ticketFor(guest.client, roomId);
    const deleted = await guest.client.call('/auth/settings/account', {
      method: 'DELETE',
      body: { password: guest.account.password },
    });
    expect(deleted.status).toBe(200);
    expect((await connectWithTicket(roomId, ticket, { ip: guest.client.ip })).answer).toBe(
      NOT_A_MEMBER,
    );
  });

  it('a logout: the session’s ticket is refused, another session’s is not', async () => {
    const { guest, roomId } = await ownerAndGuest({ name: 'Revocations', ownAddresses: true });
    const ticket = await ticketFor(guest.client, roomId);
    const phone = await signedInOwnAddress();
    phone.client.ip = guest.client.ip;
    const login = await phone.client.call('/auth/login', { body: guest.account });
    expect(login.status).toBe(200);
    const phoneTicket = await ticketFor(phone.client, roomId);

    expect((await guest.client.call('/auth/logout', { method: 'POST' })).status).toBe(200);
    expect((await connectWithTicket(roomId, ticket, { ip: guest.client.ip })).answer).toBe(
      refusal(REFUSED.notAuthenticated),
    );
    const other = await connectWithTicket(roomId, phoneTicket, { ip: guest.client.ip });
    expect(other.answer.startsWith('40')).toBe(true);
    other.socket.close();
  });

  it('a logout: a cookie upgrade checked just before it is refused when it reaches the room after', async () => {
    const { guest, roomId } = await ownerAndGuest({ name: 'Revocations', ownAddresses: true });
    const stub = roomStub(env, roomId);
    // What the worker forwards for a cookie upgrade whose D1 read saw the session still live.
    const connectAnswer = async (checkedAt: number) => {
      const socket = await forwardedCookieUpgrade({
        roomId,
        roomName: 'Revocations',
        userId: guest.user.id,
        sessionId: 'the-session-logged-out',
        nickname: 'Guest',
        ip: guest.client.ip,
        checkedAt,
      });
      socket.send('40');
      const answer = await socket.waitFor((f) => f.startsWith('40') || f.startsWith('44'));
      socket.close();
      return answer;
    };
    const checkedBefore = Date.now() - 100;
    // The logout reaches the room first (its closeSockets RPC), then the upgrade.
    await stub.closeSockets({ userId: guest.user.id, sessionId: 'the-session-logged-out' }, 'Bye');
    expect(await connectAnswer(checkedBefore)).toBe(refusal(REFUSED.notAuthenticated));
    // Checked after the logout (beyond the clock allowance): another login's upgrade goes in.
    expect((await connectAnswer(Date.now() + 5_000)).startsWith('40')).toBe(true);
  });

  it('the room deleted: its tickets are refused', async () => {
    const { guest, roomId } = await ownerAndGuest({ name: 'Revocations', ownAddresses: true });
    const ticket = await ticketFor(guest.client, roomId);
    const admin = await signedInAdmin();
    const deleted = await admin.client.call(`/admin/rooms/${roomId}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await connectWithTicket(roomId, ticket, { ip: guest.client.ip })).answer).toBe(
      refusal(REFUSED.roomNotFound),
    );
  });

  it('a nickname changed since: the ticket connects, and `join` uses the new nickname', async () => {
    const { guest, roomId } = await ownerAndGuest({ name: 'Revocations', ownAddresses: true });
    const ticket = await ticketFor(guest.client, roomId);
    const renamed = await joinRoom(guest.client, roomId, 'Renamed');
    expect(renamed.status).toBe(200);
    const { socket, answer } = await connectWithTicket(roomId, ticket, { ip: guest.client.ip });
    expect(answer.startsWith('40')).toBe(true);
    expect(await socket.emit('join', { name: 'Guest', room: roomId })).toEqual({
      error: 'You are in this room as "Renamed"',
      code: 'in_room_as',
      nickname: 'Renamed',
    });
    expect(await socket.emit('join', { name: 'Renamed', room: roomId })).toEqual({});
    socket.close();
  });
});
