import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { Client, newAccount, signedInClient } from './support/api';

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

  it('marks API answers as not cacheable and not sniffable', async () => {
    const res = await SELF.fetch('http://localhost/api/auth/login/current');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
