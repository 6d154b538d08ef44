/**
 * Email changes as an attacker holding a signed-in browser would try them: without the
 * password, repeating one proof, unnoticed by the owner, keeping a reset link to the old address.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { Client, ORIGIN, signedInClient } from './support/api';
import { watchMailbox } from './support/mailbox';

let mailbox: ReturnType<typeof watchMailbox> | undefined;
afterEach(() => mailbox?.restore());

const changeByProfile = (client: Client, email: string) =>
  client.call('/user/profile/email', { method: 'PUT', body: { email } });

describe('PUT /api/user/profile/email', () => {
  it('refuses a session that only signed in: the password must be confirmed in settings', async () => {
    const { client, account } = await signedInClient();
    const res = await changeByProfile(client, `thief-${account.email}`);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Please confirm your password in settings first');
    expect((await client.call('/auth/login/current')).body.user.email).toBe(account.email);
  });

  it('takes one change per password proof: the fresh session must prove it again', async () => {
    const { client, account } = await signedInClient();
    await client.call('/auth/settings/verify', { body: { password: account.password } });
    const first = await changeByProfile(client, `first-${account.email}`);
    expect(first.status).toBe(200);
    expect(first.body.user.email).toBe(`first-${account.email}`);

    const second = await changeByProfile(client, `second-${account.email}`);
    expect(second.status).toBe(403);

    await client.call('/auth/settings/verify', { body: { password: account.password } });
    expect((await changeByProfile(client, `second-${account.email}`)).status).toBe(200);
  });
});

describe('an email change the owner hears about', () => {
  it('mails the old address naming the new one', async () => {
    mailbox = watchMailbox();
    const { client, account } = await signedInClient();
    const newEmail = `new-${account.email}`;
    const res = await client.call('/auth/settings/email', {
      method: 'PUT',
      body: { currentPassword: account.password, newEmail },
    });
    expect(res.status).toBe(200);
    let line: string | undefined;
    for (let i = 0; i < 50 && !line; i++) {
      line = mailbox.lines().find((l) => l.includes(`to=${account.email} `));
      if (!line) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(line).toContain(newEmail);
  });

  it('kills a reset link mailed to the old address before the change', async () => {
    mailbox = watchMailbox();
    const { client, account } = await signedInClient();
    await new Client().call('/auth/reset-password/forgot', { body: { email: account.email } });
    const token = (await mailbox.resetLinkFor(account.email)).split('/').pop();

    await client.call('/auth/settings/email', {
      method: 'PUT',
      body: { currentPassword: account.password, newEmail: `moved-${account.email}` },
    });
    const reset = await new Client().call('/auth/reset-password/reset', {
      body: { token, newPassword: 'taken-over-pass' },
    });
    expect(reset.status).toBe(400);
    const login = await new Client().call('/auth/login', {
      body: { email: `moved-${account.email}`, password: account.password },
    });
    expect(login.status).toBe(200);
  });
});

describe('mailed links', () => {
  async function forgot(email: string, overrides: Partial<Env>, host = 'evil.example') {
    const ctx = createExecutionContext();
    const res = await app.request(
      `http://${host}/api/auth/reset-password/forgot`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: `http://${host}`,
          'CF-Connecting-IP': `2001:db8:feed:${Math.floor(Math.random() * 0xffff).toString(16)}::1`,
        },
        body: JSON.stringify({ email }),
      },
      { ...env, ...overrides },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  }

  it('use APP_ORIGIN, whatever Host the request named', async () => {
    mailbox = watchMailbox();
    const { account } = await signedInClient();
    await forgot(account.email, { APP_ORIGIN: 'https://chat.example.com' });
    const link = await mailbox.resetLinkFor(account.email);
    expect(link.startsWith('https://chat.example.com/reset-password/')).toBe(true);
  });

  it('are not sent with a Host-derived origin by a real mail transport', async () => {
    mailbox = watchMailbox();
    const errors = watchErrors();
    const { account } = await signedInClient();
    const res = await forgot(account.email, { APP_ORIGIN: '', MAIL_TRANSPORT: 'resend' });
    // The caller cannot tell: the answer is the usual one.
    expect(res.status).toBe(200);
    expect(mailbox.lines().some((l) => l.includes(account.email))).toBe(false);
    expect(errors.seen()).toMatch(/APP_ORIGIN is not set/);
    errors.restore();
  });

  it('fall back to the request origin for the console transport of local runs', async () => {
    mailbox = watchMailbox();
    const { account } = await signedInClient();
    await new Client().call('/auth/reset-password/forgot', { body: { email: account.email } });
    expect((await mailbox.resetLinkFor(account.email)).startsWith(`${ORIGIN}/`)).toBe(true);
  });
});

function watchErrors() {
  const original = console.error;
  const lines: string[] = [];
  console.error = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  return { seen: () => lines.join('\n'), restore: () => (console.error = original) };
}
