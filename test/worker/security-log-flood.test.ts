/**
 * A log that cannot be drowned: refusals of callers without a session are counted on one row
 * per address, kind and hour, they score the address when it must have sent them itself, and
 * an address adds at most so many rows an hour, however it varies what it sends.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { addressKey, networkKey } from '../../worker/security/client-ip';
import {
  ROWS_PER_ADDRESS_PER_HOUR,
  ROWS_PER_NETWORK_PER_HOUR,
} from '../../worker/security/event-rows';
import { recordSecurityEvent } from '../../worker/security/security-events';
import { signedInAdmin } from './support/admin';
import { Client, newAccount, signedInClient } from './support/api';
import { becomesBlocked, countedFrom, eventsFrom, scoreOf } from './support/security-state';
import { TestSocket } from './support/socket';

const JUNK_COOKIE = 'session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwic2lkIjoieSJ9.bad';
const BIG_BODY = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(20 * 1024) });

/** Sends `count` calls, `inFlight` at a time, and answers their statuses. */
async function flood(count: number, inFlight: number, call: () => Promise<{ status: number }>) {
  const statuses: number[] = [];
  for (let sent = 0; sent < count; sent += inFlight) {
    const batch = Array.from({ length: Math.min(inFlight, count - sent) }, call);
    statuses.push(...(await Promise.all(batch)).map((res) => res.status));
  }
  return statuses;
}

const rowsOf = async (ip: string) =>
  (
    await env.DB.prepare('SELECT event_type, count FROM security_events WHERE ip = ? ORDER BY id')
      .bind(addressKey(ip))
      .all<{ event_type: string; count: number }>()
  ).results;

describe('a flood from one address without a session', () => {
  it('is one line with its count on the Security tab, gets blocked, and hides nothing', async () => {
    const admin = await signedInAdmin();
    const bystander = new Client();
    const marker = `bystander${Date.now()}@example.com`;
    await bystander.call('/auth/login', { body: { email: marker, password: 'wrong-guess' } });
    await eventsFrom(bystander.ip, 'login_failed', 1);

    const flooder = new Client();
    const statuses = await flood(450, 50, () => flooder.call('/admin/security/logs'));
    const refused = statuses.filter((status) => status === 401).length;
    const blocked = statuses.filter((status) => status === 429).length;
    expect(refused + blocked).toBe(450);
    expect(blocked).toBeGreaterThan(0);
    expect(await becomesBlocked(flooder.ip)).toBe(true);

    // Every request is counted, on one row per kind: the refusals, the block, the blocked ones.
    expect((await countedFrom(flooder.ip, 'access_denied', refused)).total).toBe(refused);
    expect((await countedFrom(flooder.ip, 'blocked_request', blocked)).total).toBe(blocked);
    expect((await rowsOf(flooder.ip)).map((row) => row.event_type).sort()).toEqual([
      'access_denied',
      'blocked_request',
      'ip_blocked',
    ]);

    const { events } = (await admin.client.call('/admin/security/logs?limit=100')).body;
    const flooders = events.filter((e: any) => e.details.ip === addressKey(flooder.ip));
    expect(flooders).toHaveLength(3);
    const denied = flooders.find((e: any) => e.eventType === 'access_denied');
    expect(denied).toMatchObject({ count: refused, details: { reason: 'not signed in' } });
    expect(Date.parse(denied.firstTimestamp)).toBeLessThanOrEqual(Date.parse(denied.timestamp));
    expect(events.some((e: any) => e.details.email === marker)).toBe(true);
    // Every line keeps the spec's fields.
    for (const event of events) {
      expect(event).toEqual(
        expect.objectContaining({
          eventType: expect.any(String),
          timestamp: expect.any(String),
          details: expect.any(Object),
          count: expect.any(Number),
        }),
      );
    }
    const { summary } = (await admin.client.call('/admin/security/summary?hours=24')).body;
    expect(summary.byType.access_denied).toBeGreaterThanOrEqual(refused);
  });

  it('counts each kind on its own line and scores each refusal 1: watched, not yet blocked', async () => {
    const caller = new Client();
    for (let i = 0; i < 4; i++) expect((await caller.call('/admin/stats')).status).toBe(401);
    const junk = new Client();
    junk.ip = caller.ip;
    for (let i = 0; i < 4; i++) {
      junk.cookie = JUNK_COOKIE;
      expect((await junk.call('/auth/login/current')).status).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      const { answer } = await TestSocket.connect(caller, 'some-room-id');
      expect(answer).toContain('Not authenticated');
    }
    for (let i = 0; i < 2; i++) {
      expect((await caller.call('/auth/login', { rawBody: BIG_BODY })).status).toBe(413);
      expect((await caller.call('/auth/login', { rawBody: '{"email":' })).status).toBe(400);
    }

    const expected = { access_denied: 4, invalid_session: 4, socket_refused: 3 };
    for (const [kind, count] of Object.entries(expected)) {
      const { rows, total } = await countedFrom(caller.ip, kind, count);
      expect([rows.length, total]).toEqual([1, count]);
    }
    const malformed = await countedFrom(caller.ip, 'malformed_payload', 4);
    expect([malformed.rows.length, malformed.total]).toEqual([1, 4]);
    expect(JSON.parse(malformed.rows[0]!.details).status).toBe(413);

    const { score, blocked } = await scoreOf(caller.ip);
    expect(score).toBeCloseTo(15, 1);
    expect(blocked).toBe(false);
    const admin = await signedInAdmin();
    const stats = (await admin.client.call('/admin/security/ip-stats')).body;
    const row = stats.recentViolations.find((v: any) => v.ip === addressKey(caller.ip));
    expect(row).toMatchObject({ status: 'watchlist', violationCount: 15 });
  });

  it('counts parallel refusals exactly, on one row', async () => {
    const caller = new Client();
    // Said to come from another site, so the count is all that changes.
    const statuses = await flood(40, 40, () =>
      caller.call('/auth/login/current', {
        origin: null,
        headers: { Cookie: JUNK_COOKIE, 'Sec-Fetch-Site': 'cross-site' },
      }),
    );
    expect(statuses.every((status) => status === 401)).toBe(true);
    const { rows, total } = await countedFrom(caller.ip, 'invalid_session', 40);
    expect([rows.length, total]).toEqual([1, 40]);
    expect(await scoreOf(caller.ip)).toEqual({ score: 0, blocked: false });
  });
});

describe('what another site, or the app itself, may have sent', () => {
  const senders = {
    'an image tag that says it is cross-site': {
      origin: null,
      headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Dest': 'image' },
    },
    'a link from a page that names itself': {
      origin: null,
      headers: { Referer: 'https://evil.example/page' },
    },
    'an image tag in a browser too old to say where it came from': {
      origin: null,
      headers: { Accept: 'image/avif,image/webp,image/*,*/*;q=0.8' },
    },
    'a frame in such a browser': {
      origin: null,
      headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    },
  };

  for (const [name, sender] of Object.entries(senders)) {
    it(`is counted but never scored: ${name}`, async () => {
      const visitor = new Client();
      for (let i = 0; i < 30; i++) {
        expect((await visitor.call('/admin/stats', sender)).status).toBe(401);
      }
      const { rows, total } = await countedFrom(visitor.ip, 'access_denied', 30);
      expect([rows.length, total]).toEqual([1, 30]);
      expect(await scoreOf(visitor.ip)).toEqual({ score: 0, blocked: false });
      const account = newAccount();
      expect((await visitor.call('/auth/register', { body: account })).status).toBe(201);
    });
  }

  it('never scores the cookie of a session that was revoked', async () => {
    const { client } = await signedInClient();
    const revoked = client.cookie;
    await client.call('/auth/logout', { method: 'POST' });
    for (let i = 0; i < 30; i++) {
      client.cookie = revoked;
      expect((await client.call('/auth/login/current')).status).toBe(401);
    }
    const { rows, total } = await countedFrom(client.ip, 'invalid_session', 30);
    expect([rows.length, total]).toEqual([1, 30]);
    expect(JSON.parse(rows[0]!.details).cookie).toBe('revoked');
    expect(await scoreOf(client.ip)).toEqual({ score: 0, blocked: false });
  });
});

describe('the rows one address can add in an hour', () => {
  it('are bounded, even in parallel: the rest is counted on one overflow line', async () => {
    const ip = '198.51.100.77';
    const extra = 40;
    await Promise.all(
      Array.from({ length: ROWS_PER_ADDRESS_PER_HOUR + extra }, (_, i) =>
        recordSecurityEvent(
          env,
          { eventType: 'login_failed', ip, details: { email: `n${i}@example.com` } },
          { weight: 0 },
        ),
      ),
    );
    let rows = await rowsOf(ip);
    expect(rows.filter((row) => row.event_type === 'login_failed')).toHaveLength(
      ROWS_PER_ADDRESS_PER_HOUR,
    );
    expect(rows.filter((row) => row.event_type === 'log_overflow')).toEqual([
      { event_type: 'log_overflow', count: extra },
    ]);

    // Past the bound a new kind joins the overflow line, and still scores.
    await recordSecurityEvent(
      env,
      { eventType: 'access_denied', ip },
      { counted: true, weight: 2 },
    );
    rows = await rowsOf(ip);
    expect(rows).toHaveLength(ROWS_PER_ADDRESS_PER_HOUR + 1);
    expect(rows.at(-1)).toEqual({ event_type: 'log_overflow', count: extra + 1 });
    expect((await scoreOf(ip)).score).toBeCloseTo(2, 1);

    // Another address is not held to this one's bound.
    await recordSecurityEvent(env, { eventType: 'login_failed', ip: '198.51.100.78' });
    expect(await rowsOf('198.51.100.78')).toEqual([{ event_type: 'login_failed', count: 1 }]);
  });

  it('are bounded for an IPv6 /48 too: its /64s cannot each write their own allowance', async () => {
    // 60 rows from each of 5 /64s of one /48: 300 rows, over the network's 240.
    const sixtyFours = Array.from({ length: 5 }, (_, i) => addressKey(`2001:db8:4800:${i + 1}::9`));
    expect(networkKey(sixtyFours[0]!)).toBe('2001:db8:4800::/48');
    for (const ip of sixtyFours) {
      await Promise.all(
        Array.from({ length: ROWS_PER_ADDRESS_PER_HOUR }, (_, i) =>
          recordSecurityEvent(
            env,
            { eventType: 'login_failed', ip, details: { i } },
            { weight: 0 },
          ),
        ),
      );
    }
    const { results } = await env.DB.prepare(
      `SELECT ip, event_type, count FROM security_events
       WHERE ip LIKE '2001:db8:4800:%' ORDER BY id`,
    ).all<{ ip: string; event_type: string; count: number }>();
    const written = results.filter((row) => row.event_type === 'login_failed');
    expect(written).toHaveLength(ROWS_PER_NETWORK_PER_HOUR);
    // The rest is counted on the network's one overflow line, not one line per /64.
    expect(results.filter((row) => row.event_type === 'log_overflow')).toEqual([
      {
        ip: '2001:db8:4800::/48',
        event_type: 'log_overflow',
        count: 5 * ROWS_PER_ADDRESS_PER_HOUR - ROWS_PER_NETWORK_PER_HOUR,
      },
    ]);
    // Another /48 is not held to it; IPv4 has no network bound.
    const neighbour = addressKey('2001:db8:4801:1::9');
    await recordSecurityEvent(env, { eventType: 'login_failed', ip: neighbour }, { weight: 0 });
    expect(await rowsOf(neighbour)).toEqual([{ event_type: 'login_failed', count: 1 }]);
    expect(networkKey('198.51.100.7')).toBeNull();
  });

  it('still let a counted line go on counting once the bound is reached', async () => {
    const ip = '198.51.100.79';
    const counted = { counted: true, weight: 0 } as const;
    await recordSecurityEvent(env, { eventType: 'socket_refused', ip }, counted);
    await Promise.all(
      Array.from({ length: ROWS_PER_ADDRESS_PER_HOUR }, (_, i) =>
        recordSecurityEvent(env, { eventType: 'login_failed', ip, details: { i } }, counted),
      ),
    );
    // The login_failed rows were one bucket: the address is far from its bound.
    expect(await rowsOf(ip)).toEqual([
      { event_type: 'socket_refused', count: 1 },
      { event_type: 'login_failed', count: ROWS_PER_ADDRESS_PER_HOUR },
    ]);
    await Promise.all(
      Array.from({ length: ROWS_PER_ADDRESS_PER_HOUR }, (_, i) =>
        recordSecurityEvent(env, { eventType: 'login_failed', ip, details: { i } }, { weight: 0 }),
      ),
    );
    await recordSecurityEvent(env, { eventType: 'socket_refused', ip }, counted);
    const rows = await rowsOf(ip);
    expect(rows[0]).toEqual({ event_type: 'socket_refused', count: 2 });
    expect(rows).toHaveLength(ROWS_PER_ADDRESS_PER_HOUR + 1);
    expect(rows.at(-1)).toEqual({ event_type: 'log_overflow', count: 2 });
  });
});
