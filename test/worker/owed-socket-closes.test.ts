/**
 * Socket closes owed after an outage (worker/room-calls/owed-socket-closes.ts): a logout, a
 * password reset, an account's deletion or an address block whose closeSockets call to a room
 * still failed after its retries is queued, and the consumer ends the sockets later. A late
 * close must spare what is legitimate by then: a session started since, an address unblocked.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFUSED } from '../../contract/realtime';
import { CLOCK_ALLOWANCE_MS } from '../../worker/chat/room/ticket-voids';
import { closeAddressSockets, NETWORK_BLOCKED } from '../../worker/room-calls/close-sockets';
import type { OwedRoomCall } from '../../worker/room-calls/owed-room-calls';
import { addViolation, BLOCK_SCORE, unblock } from '../../worker/security/ip-reputation';
import { Client } from './support/api';
import { watchMailbox } from './support/mailbox';
import { consume, queuedCalls, unreachable } from './support/room-calls';
import { sleep } from './support/room-object';
import { ownerAndGuestJoined } from './support/rooms';
import { roomsNotedFor } from './support/security-state';
import { endedWithNotice, TestSocket } from './support/socket';
import { connectWithTicket, refusal, ticketFor } from './tickets-helpers';

const LOGGED_OUT = 'You have been logged out';
const PASSWORD_CHANGED = 'Your password was reset. Please log in again.';

let mailbox: ReturnType<typeof watchMailbox> | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  mailbox?.restore();
  mailbox = undefined;
});

const sessionsOf = async (userId: string) =>
  (
    await env.DB.prepare('SELECT id FROM sessions WHERE user_id = ?')
      .bind(userId)
      .all<{ id: string }>()
  ).results.map((row) => row.id);

/** The socket is still in: what it sends is accepted. */
async function stillChatting(socket: TestSocket, roomId: string) {
  expect(await socket.emit('sendMessage', { text: 'still here', roomId })).toEqual({});
  expect(socket.closed).toBe(false);
}

describe('a logout the room could not be told of', () => {
  it('is queued, and the consumer ends the logged-out socket', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined();
    const sessions = await sessionsOf(guest.user.id);
    expect(sessions).toHaveLength(1);
    unreachable('closeSockets');
    const queued = queuedCalls();
    expect((await guest.client.call('/auth/logout', { body: {} })).status).toBe(200);
    vi.restoreAllMocks();
    expect(queued).toEqual([
      {
        kind: 'closeSockets',
        roomId,
        match: { userId: guest.user.id, sessionId: sessions[0]! },
        reason: LOGGED_OUT,
      },
    ] satisfies OwedRoomCall[]);
    expect(b.closed).toBe(false);

    const started = Date.now();
    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    await endedWithNotice(b, LOGGED_OUT, started);
    a.close();
  });

  it('is dropped while D1 still has the session', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined();
    // The session b was opened with, the account's only one.
    const sessions = await sessionsOf(guest.user.id);
    expect(sessions).toHaveLength(1);
    const match = { userId: guest.user.id, sessionId: sessions[0]! };
    const result = await consume([{ kind: 'closeSockets', roomId, match, reason: LOGGED_OUT }]);
    expect(result.explicitAcks).toHaveLength(1);
    await stillChatting(b, roomId);
    a.close();
    b.close();
  });
});

describe('a password reset the room could not be told of', () => {
  it('ends the old sockets late, and spares a new login’s socket and ticket', async () => {
    mailbox = watchMailbox();
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ ownAddresses: true });
    const oldTicket = await ticketFor(guest.client, roomId);
    await new Client().call('/auth/reset-password/forgot', {
      body: { email: guest.account.email },
    });
    const token = (await mailbox.resetLinkFor(guest.account.email)).split('/').pop();
    unreachable('closeSockets');
    const queued = queuedCalls();
    const newPassword = 'brand-new-pass';
    const reset = await new Client().call('/auth/reset-password/reset', {
      body: { token, newPassword },
    });
    vi.restoreAllMocks();
    expect(reset.status).toBe(200);
    expect(queued).toEqual([
      {
        kind: 'closeSockets',
        roomId,
        match: { userId: guest.user.id, sessionsEndedAt: expect.any(Number) },
        reason: PASSWORD_CHANGED,
      },
    ]);
    expect(b.closed).toBe(false);

    // The owner signs in again, past the clocks' allowance, before the queue delivers.
    await sleep(CLOCK_ALLOWANCE_MS + 100);
    const again = new Client();
    again.ip = guest.client.ip;
    const login = await again.call('/auth/login', {
      body: { email: guest.account.email, password: newPassword },
    });
    expect(login.status).toBe(200);
    const fresh = await TestSocket.joined(again, roomId, 'Guest');
    const freshTicket = await ticketFor(again, roomId);

    const started = Date.now();
    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    await endedWithNotice(b, PASSWORD_CHANGED, started);
    await stillChatting(fresh, roomId);
    const byFresh = await connectWithTicket(roomId, freshTicket, { ip: guest.client.ip });
    expect(byFresh.answer.startsWith('40')).toBe(true);
    const byOld = await connectWithTicket(roomId, oldTicket, { ip: guest.client.ip });
    expect(byOld.answer).toBe(refusal(REFUSED.notMember));
    byFresh.socket.close();
    fresh.close();
    a.close();
  });
});

describe('an account deletion the room could not be told of', () => {
  it('is queued, and the consumer ends the deleted account’s socket', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined();
    unreachable('closeSockets');
    const queued = queuedCalls();
    const res = await guest.client.call('/auth/settings/account', {
      method: 'DELETE',
      body: { password: guest.account.password },
    });
    vi.restoreAllMocks();
    expect(res.status).toBe(200);
    expect(queued).toEqual([
      {
        kind: 'closeSockets',
        roomId,
        match: { userId: guest.user.id, accountDeleted: true },
        reason: 'Your account was deleted',
      },
    ] satisfies OwedRoomCall[]);
    const started = Date.now();
    await consume(queued);
    await endedWithNotice(b, 'Your account was deleted', started);
    a.close();
  });
});

describe('an address block the room could not be told of', () => {
  it('is dropped once the address was unblocked, and closes while the block stands', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ ownAddresses: true });
    const ip = guest.client.ip;
    expect(await roomsNotedFor(ip, 1)).toEqual([roomId]);
    expect(await addViolation(env.DB, ip, BLOCK_SCORE)).toBe(true);
    unreachable('closeSockets');
    const queued = queuedCalls();
    await closeAddressSockets(env, ip, NETWORK_BLOCKED);
    vi.restoreAllMocks();
    expect(queued).toEqual([
      { kind: 'closeSockets', roomId, match: { ip }, reason: NETWORK_BLOCKED },
    ] satisfies OwedRoomCall[]);

    // An administrator lifted the block before the queue delivered: the socket stays.
    expect(await unblock(env.DB, ip)).toBe(true);
    expect((await consume(queued)).explicitAcks).toHaveLength(1);
    await stillChatting(b, roomId);

    // Blocked again: the same late call ends it.
    await addViolation(env.DB, ip, BLOCK_SCORE);
    const started = Date.now();
    await consume(queued);
    await endedWithNotice(b, NETWORK_BLOCKED, started);
    a.close();
  });
});

describe('the room-calls consumer, for socket closes', () => {
  it('drops malformed closes without calling a room', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined();
    const userId = guest.user.id;
    const close = (match: unknown, reason: unknown = LOGGED_OUT) => ({
      kind: 'closeSockets',
      roomId,
      match,
      reason,
    });
    const calls = vi.spyOn(env.CHAT_ROOM, 'get');
    const result = await consume([
      close({ userId }),
      close({ userId, sessionId: 's', accountDeleted: true }),
      close({ userId, accountDeleted: false }),
      close({ userId, sessionsEndedAt: 'yesterday' }),
      close({ userId, sessionsEndedAt: Date.now(), spare: { sessionIds: [], endedAt: 0 } }),
      close({ ip: 'x'.repeat(65) }),
      close({ userId: 'u'.repeat(65), sessionId: 's' }),
      close({ userId, sessionId: 's' }, 'x'.repeat(201)),
      close({}),
      { kind: 'closeSockets', roomId: '../../etc', match: { ip: '10.0.0.1' }, reason: 'x' },
    ]);
    expect(result.explicitAcks).toHaveLength(10);
    expect(result.retryMessages).toEqual([]);
    expect(calls).not.toHaveBeenCalled();
    await stillChatting(b, roomId);
    a.close();
    b.close();
  });
});
