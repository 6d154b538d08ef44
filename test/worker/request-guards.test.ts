import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { Client, newAccount, signedInClient } from './support/api';
import { createRoom } from './support/rooms';

describe('same-origin checks on state-changing requests', () => {
  it('refuses a POST from another origin with 403', async () => {
    const res = await new Client().call('/auth/register', {
      body: newAccount(),
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Cross-origin request refused' });
  });

  it('refuses a signed-in cross-site DELETE and keeps the account', async () => {
    const { client, account } = await signedInClient();
    const res = await client.call('/auth/settings/account', {
      method: 'DELETE',
      body: { password: account.password },
      origin: 'null',
    });
    expect(res.status).toBe(403);
    expect((await client.call('/auth/login/current')).status).toBe(200);
  });

  it('refuses a POST a sibling subdomain sends (Sec-Fetch-Site: same-site)', async () => {
    const res = await new Client().call('/auth/register', {
      body: newAccount(),
      origin: null,
      headers: { 'Sec-Fetch-Site': 'same-site' },
    });
    expect(res.status).toBe(403);
  });

  it('checks the origin before the body size: a foreign 1 MB post is a 403, never read', async () => {
    const res = await new Client().call('/auth/login', {
      rawBody: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) }),
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });

  it('lets a same-origin request and a request without Origin through', async () => {
    const same = await new Client().call('/auth/register', { body: newAccount() });
    expect(same.status).toBe(201);
    const none = await new Client().call('/auth/register', { body: newAccount(), origin: null });
    expect(none.status).toBe(201);
  });
});

describe('every error is JSON', () => {
  it('answers 413 for a body over the limit', async () => {
    const res = await new Client().call('/auth/login', {
      rawBody: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Request body is too large' });
  });

  it('answers 404 JSON for an unknown API route', async () => {
    const res = await new Client().call('/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });

  it('answers 400 for wrong types and a non-JSON content type', async () => {
    const wrongTypes = await new Client().call('/auth/login', {
      body: { email: 42, password: [] },
    });
    expect(wrongTypes.status).toBe(400);
    const text = await new Client().call('/auth/login', {
      rawBody: 'email=a@b.co',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(400);
  });

  it('refuses a JSON body sent under another type instead of acting as if it were empty', async () => {
    // Hono's validator reads a body only when it is declared JSON and validates {} otherwise:
    // a one-use link asked for as text/plain came out as one admitting anyone, for ever.
    const { client } = await signedInClient();
    const roomId = await createRoom(client);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const res = await client.call(`/rooms/${roomId}/invites`, {
        rawBody: JSON.stringify({ maxUses: 1, expiresInHours: 1 }),
        headers: { 'Content-Type': type },
      });
      expect(res.status, type).toBe(400);
      expect(res.body, type).toEqual({
        error: 'Send the body as JSON (Content-Type: application/json)',
      });
    }
    const links = await env.DB.prepare('SELECT COUNT(*) AS n FROM room_invites WHERE room_id = ?')
      .bind(roomId)
      .first<{ n: number }>();
    expect(links?.n).toBe(0);
    // A call with no body at all is still one with nothing to say ({}).
    const bare = await client.call(`/rooms/${roomId}/invites`, { method: 'POST' });
    expect(bare.status).toBe(201);
  });

  it('marks API answers as not cacheable and not sniffable', async () => {
    const res = await SELF.fetch('http://localhost/api/auth/login/current');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('gives a blocked address its 429 with the same headers as every other answer', async () => {
    // The block is checked before the API's own middleware runs, and its answer used to go out
    // without them.
    const ip = '198.51.100.90';
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO ip_reputation (ip, threat_score, scored_at, violation_count, last_seen, blocked_until)
       VALUES (?, 30, ?, 5, ?, ?)`,
    )
      .bind(ip, now, now, now + 3_600_000)
      .run();
    const res = await SELF.fetch('https://localhost/api/rooms', {
      headers: { 'CF-Connecting-IP': ip },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Strict-Transport-Security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
