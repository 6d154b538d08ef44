/**
 * Transport: browsers are told to use https only (HSTS) for the pages as well as the API, and
 * over https the session cookie carries the __Host- prefix, which no sibling subdomain or
 * plain-http response can plant or shadow.
 */
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import staticHeaders from '../../client/public/_headers?raw';
import { newAccount } from './support/api';

const HSTS = 'max-age=31536000; includeSubDomains';
const HTTPS = 'https://localhost';

function call(path: string, init: { body?: unknown; cookie?: string; method?: string } = {}) {
  const headers: Record<string, string> = { Origin: HTTPS, 'CF-Connecting-IP': '192.0.2.80' };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.body) headers['Content-Type'] = 'application/json';
  return SELF.fetch(`${HTTPS}/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers,
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}

describe('HSTS', () => {
  it('is set for every static path (the SPA and its assets) by _headers', () => {
    const rules = staticHeaders.split(/\n(?=\/)/);
    const everyPath = rules.find((rule) => rule.startsWith('/*\n'));
    expect(everyPath).toContain(`  Strict-Transport-Security: ${HSTS}\n`);
  });

  it('is set with the same value on the API', async () => {
    const res = await call('/auth/login/current');
    expect(res.headers.get('Strict-Transport-Security')).toBe(HSTS);
  });
});

describe('the session cookie over https', () => {
  async function signIn() {
    const account = newAccount();
    await call('/auth/register', { body: account });
    const res = await call('/auth/login', {
      body: { email: account.email, password: account.password },
    });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('Set-Cookie') ?? '';
    return { setCookie, value: setCookie.match(/^__Host-session=([^;]+)/)?.[1] };
  }

  it('is __Host-session: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax', async () => {
    const { setCookie, value } = await signIn();
    expect(value).toBeTruthy();
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect((await call('/auth/login/current', { cookie: `__Host-session=${value}` })).status).toBe(
      200,
    );
  });

  it('is not accepted under the plain name over https, nor the prefixed name over http', async () => {
    const { value } = await signIn();
    // A plain `session` cookie over https may have been planted from a subdomain or over http.
    expect((await call('/auth/login/current', { cookie: `session=${value}` })).status).toBe(401);
    const overHttp = await SELF.fetch('http://localhost/api/auth/login/current', {
      headers: { Cookie: `__Host-session=${value}`, 'CF-Connecting-IP': '192.0.2.80' },
    });
    expect(overHttp.status).toBe(401);
  });

  it('is cleared under both names at logout', async () => {
    const { value } = await signIn();
    const res = await call('/auth/logout', {
      method: 'POST',
      cookie: `__Host-session=${value}; session=planted`,
    });
    const cleared = res.headers.getSetCookie();
    expect(cleared.some((c) => /^__Host-session=;.*Max-Age=0/.test(c))).toBe(true);
    expect(cleared.some((c) => /^session=;.*Max-Age=0/.test(c))).toBe(true);
    expect((await call('/auth/login/current', { cookie: `__Host-session=${value}` })).status).toBe(
      401,
    );
  });

  it('has a readable companion that says only that a session may exist', async () => {
    const { value } = await signIn();
    const login = await call('/auth/login/current', { cookie: `__Host-session=${value}` });
    expect(login.status).toBe(200);
    const { setCookie } = await signIn();
    const hint = setCookie
      .split(/,\s*(?=__Host-|session=|has_session=)/)
      .find((c) => c.startsWith('__Host-has_session='));
    expect(hint).toMatch(/^__Host-has_session=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    // It grants nothing on its own.
    expect((await call('/auth/login/current', { cookie: '__Host-has_session=1' })).status).toBe(
      401,
    );
    const res = await call('/auth/logout', { method: 'POST', cookie: `__Host-session=${value}` });
    expect(res.headers.getSetCookie().some((c) => /^__Host-has_session=;.*Max-Age=0/.test(c))).toBe(
      true,
    );
  });
});
