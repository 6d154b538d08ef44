/**
 * Socket tickets (docs/realtime.md): the API issues a short-lived signed ticket to a member,
 * the socket connects with it and no cookie, and every forgery is refused: a bad signature,
 * a changed field, another room's ticket, an expired one, a token of another type.
 */
import { env as testEnv } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { TICKET_TTL_MS } from '../../contract/tickets';
import { signTicket } from '../../worker/tickets/sign';
import { TICKET_TYPE, type TicketClaims } from '../../worker/tickets/ticket-claims';
import { encodeTicket } from '../../worker/tickets/ticket-codec';
import { Client } from './support/api';
import { createRoom, joinRoom, signedInOwnAddress } from './support/rooms';
import { TestSocket } from './support/socket';
import { connectWithTicket, refusal, ticketFor } from './tickets-helpers';
import { REFUSED } from '../../contract/realtime';

async function memberOfNewRoom() {
  const member = await signedInOwnAddress();
  const roomId = await createRoom(member.client, 'Tickets', 'Holder');
  return { ...member, roomId };
}

/** The worker's secrets (JWT_SECRET), as the test runner's env has them. */
const env = testEnv as unknown as Pick<Env, 'JWT_SECRET'>;

/** A ticket's claims, read back (the payload is plain base64url JSON). */
function claimsOf(ticket: string): TicketClaims {
  const payload = ticket.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(atob(payload));
}

function toBase64Url(text: string) {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

describe('POST /api/rooms/:roomId/ticket', () => {
  it('gives a member a ticket valid for about a minute that opens a socket without a cookie', async () => {
    const { client, roomId, user } = await memberOfNewRoom();
    const before = Date.now();
    const res = await client.call(`/rooms/${roomId}/ticket`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body.expiresAt).toBeGreaterThanOrEqual(before + TICKET_TTL_MS);
    expect(res.body.expiresAt).toBeLessThanOrEqual(Date.now() + TICKET_TTL_MS);
    const claims = claimsOf(res.body.ticket);
    expect(claims).toMatchObject({ typ: TICKET_TYPE, sub: user.id, room: roomId, nick: 'Holder' });

    const { socket, answer } = await connectWithTicket(roomId, res.body.ticket, { ip: client.ip });
    expect(answer.startsWith('40')).toBe(true);
    expect(await socket.emit('join', { name: 'Holder', room: roomId })).toEqual({});
    await socket.waitForEvent('chatHistory');
    expect(await socket.emit('sendMessage', { text: 'by ticket', roomId })).toMatchObject({});
    await socket.waitFor((frame) => frame.includes('by ticket'));
    socket.close();
  });

  it('refuses non-members, banned people, unknown rooms, strangers and other sites', async () => {
    const { client: owner, roomId } = await memberOfNewRoom();
    const outsider = await signedInOwnAddress();
    const notMember = await outsider.client.call(`/rooms/${roomId}/ticket`, { method: 'POST' });
    expect(notMember).toMatchObject({
      status: 403,
      body: { error: 'You are not a member of this room' },
    });

    const guest = await signedInOwnAddress();
    await joinRoom(guest.client, roomId, 'Guest');
    await owner.call(`/rooms/${roomId}/kick`, { body: { targetUserId: guest.user.id } });
    const banned = await guest.client.call(`/rooms/${roomId}/ticket`, { method: 'POST' });
    expect(banned).toMatchObject({
      status: 403,
      body: { error: 'You have been banned from this room' },
    });

    const unknown = await owner.call('/rooms/aaaaaaaaaaaaaaaaaaaaaaaa/ticket', { method: 'POST' });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Room not found' } });
    const stranger = await new Client().call(`/rooms/${roomId}/ticket`, { method: 'POST' });
    expect(stranger.status).toBe(401);
    const foreign = await owner.call(`/rooms/${roomId}/ticket`, {
      method: 'POST',
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
  });

  it('gives one account at most 30 tickets a minute', async () => {
    const { client, roomId } = await memberOfNewRoom();
    const answers = [];
    for (let i = 0; i < 31; i++) {
      answers.push((await client.call(`/rooms/${roomId}/ticket`, { method: 'POST' })).status);
    }
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});

describe('a forged ticket is refused', () => {
  it('a changed signature, a changed field, a token that is no ticket', async () => {
    const { client, roomId, user } = await memberOfNewRoom();
    const other = await signedInOwnAddress();
    const ticket = await ticketFor(client, roomId);
    const [payload, signature] = ticket.split('.') as [string, string];
    // The second-to-last character: all six of its bits are the signature's, where the last
    // one's lowest two are padding that a decoder may ignore.
    const secondLast = signature.at(-2);
    const flipped = signature.slice(0, -2) + (secondLast === 'A' ? 'B' : 'A') + signature.at(-1);
    expect(flipped).not.toBe(signature);
    const claims = claimsOf(ticket);
    const tampered = [
      { ...claims, sub: other.user.id },
      { ...claims, role: 'admin' },
      { ...claims, exp: claims.exp + 3_600_000 },
      { ...claims, nick: 'Someone else' },
    ].map((changed) => `${toBase64Url(JSON.stringify(changed))}.${signature}`);
    const forgeries = [
      `${payload}.${flipped}`,
      `${payload}.`,
      payload,
      ...tampered,
      // The session cookie is a JWT under JWT_SECRET itself; tickets use a key derived from it.
      client.cookie.replace(/^session=/, ''),
      'not a ticket',
    ];
    for (const forged of forgeries) {
      const { answer } = await connectWithTicket(roomId, forged, { ip: client.ip });
      expect(answer, forged).toBe(refusal(REFUSED.ticketInvalid));
    }
    expect(user.id).not.toBe(other.user.id);
  });

  it('a well-signed token of another type', async () => {
    const { client, roomId } = await memberOfNewRoom();
    const claims = claimsOf(await ticketFor(client, roomId));
    const otherType = await encodeTicket(env, {
      ...claims,
      typ: 'password-reset' as typeof TICKET_TYPE,
    });
    const { answer } = await connectWithTicket(roomId, otherType, { ip: client.ip });
    expect(answer).toBe(refusal(REFUSED.ticketInvalid));
  });

  it('a ticket for another room, even one the holder is a member of', async () => {
    const { client, roomId } = await memberOfNewRoom();
    const secondRoom = await createRoom(client, 'Second', 'Holder');
    const ticket = await ticketFor(client, secondRoom);
    const { answer } = await connectWithTicket(roomId, ticket, { ip: client.ip });
    expect(answer).toBe(refusal(REFUSED.ticketOtherRoom));
  });

  it('an expired ticket, and one that expires now', async () => {
    const { client, roomId, user } = await memberOfNewRoom();
    const claims = claimsOf(await ticketFor(client, roomId));
    const subject = {
      userId: user.id,
      sessionId: claims.sid,
      role: claims.role,
      roomId,
      roomName: claims.name,
      nickname: claims.nick,
      ip: claims.ip,
      shareReads: true,
    };
    for (const age of [TICKET_TTL_MS + 1, TICKET_TTL_MS, 10 * TICKET_TTL_MS]) {
      const { ticket } = await signTicket(env, subject, Date.now() - age);
      const { answer } = await connectWithTicket(roomId, ticket, { ip: client.ip });
      expect(answer).toBe(refusal(REFUSED.ticketExpired));
    }
    // The same subject signed now is accepted: the refusals above are the age alone.
    const { ticket } = await signTicket(env, subject);
    const { socket, answer } = await connectWithTicket(roomId, ticket, { ip: client.ip });
    expect(answer.startsWith('40')).toBe(true);
    socket.close();
    // With the session cookie, the cookie decides, as without a ticket: a client that keeps
    // its first handshake query still reconnects after the ticket's minute.
    const { ticket: old } = await signTicket(env, subject, Date.now() - 10 * TICKET_TTL_MS);
    const withCookie = await connectWithTicket(roomId, old, {
      ip: client.ip,
      cookie: client.cookie,
    });
    expect(withCookie.answer.startsWith('40')).toBe(true);
    withCookie.socket.close();
    // A forged ticket is refused, cookie or not.
    const forged = await connectWithTicket(roomId, `${old}x`, {
      ip: client.ip,
      cookie: client.cookie,
    });
    expect(forged.answer).toBe(refusal(REFUSED.ticketInvalid));
  });

  it('from another address the ticket is ignored and the cookie decides', async () => {
    const { client, roomId } = await memberOfNewRoom();
    const ticket = await ticketFor(client, roomId);
    const elsewhere = '10.250.250.250';
    // A ticket leaked from a log is worth nothing without the session cookie...
    const leaked = await connectWithTicket(roomId, ticket, { ip: elsewhere });
    expect(leaked.answer).toBe(refusal(REFUSED.notAuthenticated));
    // ...and the person who changed networks still connects, by cookie.
    const moved = await connectWithTicket(roomId, ticket, { ip: elsewhere, cookie: client.cookie });
    expect(moved.answer.startsWith('40')).toBe(true);
    moved.socket.close();
  });

  it('a ticket from another site’s page is refused like a cookie', async () => {
    const { client, roomId } = await memberOfNewRoom();
    const ticket = await ticketFor(client, roomId);
    const { answer } = await connectWithTicket(roomId, ticket, {
      ip: client.ip,
      origin: 'https://evil.example',
    });
    expect(answer).toBe(refusal(REFUSED.crossOrigin));
  });
});

describe('without a ticket', () => {
  it('a plain Socket.IO client connects with its session cookie, as before', async () => {
    const { client, roomId } = await memberOfNewRoom();
    const socket = await TestSocket.joined(client, roomId, 'Holder');
    expect(await socket.emit('sendMessage', { text: 'by cookie', roomId })).toMatchObject({});
    socket.close();
  });
});
