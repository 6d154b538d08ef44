/**
 * A password reset shuts out whoever knew the old password. A login with that password whose
 * check was under way when the reset landed must not come out of it with a session, nor with
 * its address among those the account signed in from (each has its own allowance of failed
 * logins, which the reset takes away): otherwise a script signing in over and over (a
 * successful login gives its rate-limit slot back) always has one in flight, and keeps the
 * account whatever the owner does. The reset is driven in at a fixed point of the login, so the
 * interleaving is the same on every run.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, signedInClient } from './support/api';
import { callWithD1, d1BeforeBatch, d1BeforeStatement } from './support/held-d1';
import { watchMailbox } from './support/mailbox';

let mailbox: ReturnType<typeof watchMailbox>;
afterEach(() => mailbox?.restore());

/** The owner's reset, from another browser, to a password the attacker does not know. */
async function ownerResets(email: string) {
  await new Client().call('/auth/reset-password/forgot', { body: { email } });
  const token = (await mailbox.resetLinkFor(email)).split('/').pop();
  const reset = await new Client().call('/auth/reset-password/reset', {
    body: { token, newPassword: 'owner-took-it-back' },
  });
  expect(reset.status).toBe(200);
}

async function loginAddresses(userId: string) {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM login_addresses WHERE user_id = ?')
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

/** The attacker's login with the old password, answered with `DB`; then whether it let them in. */
async function attackerLogsIn(DB: D1Database, account: { email: string; password: string }) {
  const attacker = new Client();
  const login = await callWithD1(DB, attacker, '/auth/login', {
    method: 'POST',
    body: { email: account.email, password: account.password },
  });
  const cookie = login.headers.get('Set-Cookie')?.match(/(?:^|,\s*)session=([^;]+)/)?.[1];
  if (cookie) attacker.cookie = `session=${cookie}`;
  const current = await attacker.call('/auth/login/current');
  return { login, signedIn: current.status === 200 };
}

describe('a login racing a password reset', () => {
  it('gets no session when the reset lands just before the session is made', async () => {
    mailbox = watchMailbox();
    const { account, user } = await signedInClient();
    const DB = d1BeforeBatch(() => ownerResets(account.email));

    const { login, signedIn } = await attackerLogsIn(DB, account);
    expect(login.status).toBe(401);
    expect(login.body.error).toBe('Invalid email or password');
    expect(signedIn).toBe(false);
    // Only the address that opened the reset link is the account's.
    expect(await loginAddresses(user.id)).toBe(1);
  });

  it("does not remember the login's address when the reset lands just before", async () => {
    mailbox = watchMailbox();
    const { account, user } = await signedInClient();
    const DB = d1BeforeStatement(/INSERT INTO login_addresses/, () => ownerResets(account.email));

    const { login, signedIn } = await attackerLogsIn(DB, account);
    expect(login.status).toBe(401);
    expect(signedIn).toBe(false);
    expect(await loginAddresses(user.id)).toBe(1);
  });
});
