import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { SESSIONS_PER_ACCOUNT_MAX } from '../../worker/credentials/sessions';
import { messages } from '../../contract/validation';
import { Client, newAccount, signedInClient } from './support/api';
import { watchMailbox } from './support/mailbox';

describe('POST /api/auth/register', () => {
  it('creates an account and answers 201 with the public user, without signing in', async () => {
    const account = newAccount();
    const client = new Client();
    const res = await client.call('/auth/register', { body: account });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({
      id: expect.any(String),
      email: account.email,
      role: 'user',
      nickname: account.nickname,
      activeNickname: null,
      roomId: null,
      shareReads: true,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/hash|salt|password/i);
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });

  it('trims and lower-cases the email, and refuses a second account once it is verified (409)', async () => {
    const account = newAccount();
    const client = new Client();
    const mailbox = watchMailbox();
    const first = await client.call('/auth/register', {
      body: { ...account, email: `  ${account.email.toUpperCase()} ` },
    });
    expect(first.body.user.email).toBe(account.email);
    // Before the link is opened, a second sign-up waits for it (email-verification.test.ts).
    const token = await mailbox.verifyTokenFor(account.email);
    mailbox.restore();
    expect((await client.call('/auth/verify-email', { body: { token } })).status).toBe(200);
    const second = await client.call('/auth/register', { body: account });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('An account with this email already exists');
  });

  it.each([
    [{ email: '', password: 'secret1', nickname: 'bob' }, messages.registrationFieldsRequired],
    [{ password: 'secret1', nickname: 'bob' }, messages.registrationFieldsRequired],
    [{ email: 'a@b.co', password: 'secret1' }, messages.registrationFieldsRequired],
    [{ email: 'not-an-email', password: 'secret1', nickname: 'bob' }, messages.emailInvalid],
    [{ email: 'a@b.co', password: '12345', nickname: 'bob' }, messages.passwordTooShort],
    [{ email: 'a@b.co', password: 'secret1', nickname: 'bo' }, messages.nicknameTooShort],
    [{ email: 'a@b.co', password: 'secret1', nickname: 'b'.repeat(16) }, messages.nicknameTooLong],
    [{ email: 'a@b.co', password: 'secret1', nickname: 'bad name!' }, messages.nicknameCharacters],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    const res = await new Client().call('/auth/register', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it('refuses a malformed JSON body with a 400 JSON error', async () => {
    const res = await new Client().call('/auth/register', { rawBody: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with an HttpOnly, SameSite=Lax, 7-day cookie and answers the user', async () => {
    const account = newAccount();
    const client = new Client();
    await client.call('/auth/register', { body: account });
    const res = await client.call('/auth/login', {
      body: { email: account.email.toUpperCase(), password: account.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(account.email);
    const cookie = res.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=604800/);
  });

  it('says the same thing for a wrong password and an unknown email', async () => {
    const { account } = await signedInClient();
    const wrong = await new Client().call('/auth/login', {
      body: { email: account.email, password: 'not-the-password' },
    });
    const unknown = await new Client().call('/auth/login', {
      body: { email: `nobody-${account.email}`, password: 'whatever' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });
});

describe('GET /api/auth/login/current and POST /api/auth/logout', () => {
  it('answers the signed-in user, then 401 once logged out, even with the old cookie', async () => {
    const { client, user } = await signedInClient();
    const oldCookie = client.cookie;
    const current = await client.call('/auth/login/current');
    expect(current.status).toBe(200);
    expect(current.body.user).toEqual(user);

    const logout = await client.call('/auth/logout', { method: 'POST' });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('Set-Cookie')).toMatch(/session=;/);

    const replay = new Client();
    replay.cookie = oldCookie;
    const after = await replay.call('/auth/login/current');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'Not authenticated' });
  });

  it('answers 401 without a cookie and with a forged one', async () => {
    expect((await new Client().call('/auth/login/current')).status).toBe(401);
    const forged = new Client();
    forged.cookie = 'session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwic2lkIjoieSJ9.bad';
    expect((await forged.call('/auth/login/current')).status).toBe(401);
    forged.cookie = 'session=garbage';
    expect((await forged.call('/auth/login/current')).status).toBe(401);
  });
});

describe('sessions of one account', () => {
  it(`are kept to the newest ${SESSIONS_PER_ACCOUNT_MAX}, however often it signs in`, async () => {
    // A successful login gives its rate-limit slot back, so nothing else bounds the rows a
    // script signing in to its own account in a loop would add.
    const { client, account, user } = await signedInClient();
    const first = client.cookie;
    const browsers: Client[] = [];
    for (let i = 0; i < SESSIONS_PER_ACCOUNT_MAX + 5; i++) {
      const browser = new Client();
      browser.ip = client.ip;
      const login = await browser.call('/auth/login', {
        body: { email: account.email, password: account.password },
      });
      expect(login.status).toBe(200);
      browsers.push(browser);
    }
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?')
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(SESSIONS_PER_ACCOUNT_MAX);
    // The oldest went; the newest still work.
    const oldest = new Client();
    oldest.cookie = first;
    expect((await oldest.call('/auth/login/current')).status).toBe(401);
    expect((await browsers.at(-1)!.call('/auth/login/current')).status).toBe(200);
    expect((await browsers.at(-SESSIONS_PER_ACCOUNT_MAX)!.call('/auth/login/current')).status).toBe(
      200,
    );
  });
});

describe('a login while the account is being deleted', () => {
  it('answers as for an unknown email, not a 500, when the account goes during the password check', async () => {
    const { account, user } = await signedInClient();
    // The account goes (an administrator deletes it) while the login checks the password.
    const derive = crypto.subtle.deriveBits.bind(crypto.subtle);
    const spy = vi.spyOn(crypto.subtle, 'deriveBits').mockImplementationOnce(async (...args) => {
      await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(user.id).run();
      return derive(...args);
    });
    try {
      const login = await new Client().call('/auth/login', { body: { ...account } });
      expect(login.status).toBe(401);
      expect(login.body).toEqual({ error: 'Invalid email or password' });
      expect(login.headers.get('Set-Cookie')).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });
});
