/**
 * Scores block everyone behind an address, so only the address's own abuse may raise them: no
 * page a person visits can get that person's address watchlisted or blocked.
 */
import { describe, expect, it } from 'vitest';
import { Client, newAccount, signedInClient } from './support/api';
import { createRoom, joinRoom } from './support/rooms';
import { TestSocket } from './support/socket';
import { becomesBlocked, countedFrom, eventsFrom, scoreOf } from './support/security-state';

const BIG_BODY = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(20 * 1024) });
const IMAGE_TAG = { origin: null, headers: { 'Sec-Fetch-Site': 'cross-site' } };

/** The visitor can still do everything: sign up, sign in, read their session. */
async function expectUnaffected(victim: Client) {
  const account = newAccount();
  expect((await victim.call('/auth/register', { body: account })).status).toBe(201);
  const login = await victim.call('/auth/login', {
    body: { email: account.email, password: account.password },
  });
  expect(login.status).toBe(200);
  expect((await victim.call('/auth/login/current')).status).toBe(200);
}

describe("another site's page", () => {
  it('cannot block its visitors with image tags pointing at admin routes', async () => {
    const victim = new Client();
    for (let i = 0; i < 20; i++) {
      expect((await victim.call('/admin/stats', IMAGE_TAG)).status).toBe(401);
    }
    // Counted for the administrators, but not held against the address.
    expect((await countedFrom(victim.ip, 'access_denied', 20)).total).toBe(20);
    expect(await scoreOf(victim.ip)).toEqual({ score: 0, blocked: false });
    await expectUnaffected(victim);
  });

  it('cannot block a signed-in visitor by navigating them to admin routes', async () => {
    // A top-level navigation carries the SameSite=Lax cookie, and says it is cross-site.
    const { client: victim } = await signedInClient();
    for (let i = 0; i < 20; i++) {
      expect((await victim.call('/admin/stats', IMAGE_TAG)).status).toBe(403);
    }
    expect(await eventsFrom(victim.ip, 'access_denied', 20)).toHaveLength(20);
    expect((await scoreOf(victim.ip)).score).toBe(0);
    expect((await victim.call('/auth/login/current')).status).toBe(200);
  });

  it('cannot block its visitors with oversized form posts: they are refused as foreign', async () => {
    const victim = new Client();
    const senders = [
      { origin: 'https://evil.example' },
      { origin: null, headers: { 'Sec-Fetch-Site': 'cross-site' } },
      // A sibling subdomain is another site's page too.
      { origin: 'http://evil.localhost', headers: { 'Sec-Fetch-Site': 'same-site' } },
    ];
    for (let i = 0; i < 15; i++) {
      const res = await victim.call('/auth/login', { rawBody: BIG_BODY, ...senders[i % 3] });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Cross-origin request refused' });
    }
    expect(await scoreOf(victim.ip)).toEqual({ score: 0, blocked: false });
    await expectUnaffected(victim);
  });

  it('cannot score its visitors through a link whose Referer names it', async () => {
    const { client: victim } = await signedInClient();
    for (let i = 0; i < 20; i++) {
      const res = await victim.call('/admin/stats', {
        origin: null,
        headers: { Referer: 'https://evil.example/page' },
      });
      expect(res.status).toBe(403);
    }
    expect(await eventsFrom(victim.ip, 'access_denied', 20)).toHaveLength(20);
    expect((await scoreOf(victim.ip)).score).toBe(0);
  });
});

describe('requests without a live session', () => {
  it('are counted, and scored when the address sent them itself: admin reads, forged cookies, oversized bodies', async () => {
    const caller = new Client();
    for (let i = 0; i < 5; i++) {
      expect((await caller.call('/admin/stats', { origin: null })).status).toBe(401);
    }
    const stale = new Client();
    stale.ip = caller.ip;
    for (let i = 0; i < 5; i++) {
      stale.cookie = 'session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwic2lkIjoieSJ9.bad';
      expect((await stale.call('/auth/login/current')).status).toBe(401);
    }
    for (let i = 0; i < 5; i++) {
      expect((await caller.call('/auth/login', { rawBody: BIG_BODY })).status).toBe(413);
    }
    for (const kind of ['access_denied', 'invalid_session', 'malformed_payload']) {
      const { rows, total } = await countedFrom(caller.ip, kind, 5);
      expect([rows.length, total]).toEqual([1, 5]);
    }
    // One each: watched, not blocked; a person who just lost their session meets a few.
    expect(await scoreOf(caller.ip)).toEqual({ score: expect.closeTo(15, 1), blocked: false });
    await expectUnaffected(caller);
  });
});

describe('abuse that is the address’s own', () => {
  it('still blocks a signed-in caller probing admin routes from our own pages', async () => {
    const { client: prober } = await signedInClient();
    const bystander = await signedInClient();
    for (let i = 0; i < 13; i++) await prober.call('/admin/stats');
    expect(await becomesBlocked(prober.ip)).toBe(true);
    expect((await prober.call('/auth/login/current')).status).toBe(429);
    expect((await bystander.client.call('/auth/login/current')).status).toBe(200);
  });

  it('still scores oversized bodies from a signed-in caller on our own origin', async () => {
    const { client } = await signedInClient();
    for (let i = 0; i < 3; i++) {
      expect((await client.call('/auth/settings/verify', { rawBody: BIG_BODY })).status).toBe(413);
    }
    await eventsFrom(client.ip, 'malformed_payload', 3);
    expect((await scoreOf(client.ip)).score).toBeCloseTo(6, 1);
  });
});

describe('what the app itself asks', () => {
  // The chat drawer asks for the members on every open, and a 403 is how a member learns they
  // are not the owner (spec: 'A 403 on the members call means the user is not an owner').
  it('never scores a member reading whether they may moderate, however often', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Drawer', 'Owner');
    const { client: member } = await signedInClient();
    await joinRoom(member, roomId, 'Member');
    for (let i = 0; i < 20; i++) {
      expect((await member.call(`/rooms/${roomId}/members`)).status).toBe(403);
    }
    await eventsFrom(member.ip, 'access_denied', 20);
    expect(await scoreOf(member.ip)).toEqual({ score: 0, blocked: false });
    expect((await member.call('/auth/login/current')).status).toBe(200);
  });

  it('still scores a member trying a moderator’s change', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Not yours', 'Owner');
    const { client: member } = await signedInClient();
    await joinRoom(member, roomId, 'Member');
    const lift = await member.call(`/rooms/${roomId}/bans/${owner.user.id}`, { method: 'DELETE' });
    expect(lift.status).toBe(403);
    await eventsFrom(member.ip, 'access_denied', 1);
    expect((await scoreOf(member.ip)).score).toBeCloseTo(2, 1);
  });

  // A tab left open on a room one was removed from, or one deleted, reconnects into a refusal.
  it('logs the worker’s refusals of a socket without scoring them', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Closed door', 'Owner');
    const { client: outsider } = await signedInClient();
    for (let i = 0; i < 5; i++) {
      const { answer } = await TestSocket.connect(outsider, roomId);
      expect(answer).toContain('You are not a member of this room');
    }
    await eventsFrom(outsider.ip, 'socket_refused', 5);
    expect(await scoreOf(outsider.ip)).toEqual({ score: 0, blocked: false });
  });
});
