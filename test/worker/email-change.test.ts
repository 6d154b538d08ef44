/**
 * Email changes as an attacker holding a signed-in browser would try them: without the
 * password, repeating one proof, unnoticed by the owner, keeping a reset link to the old
 * address, moving to an address they do not control, or asking which addresses have accounts.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { Client, ORIGIN, signedInClient } from './support/api';
import { CHANGE_REQUESTED } from '../../worker/email-verification/change-email';
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

  it('takes one change request per password proof: the session must prove it again', async () => {
    const { client, account } = await signedInClient();
    await client.call('/auth/settings/verify', { body: { password: account.password } });
    const first = await changeByProfile(client, `first-${account.email}`);
    expect(first.status).toBe(200);
    // The user as it is, until the link mailed to the new address is opened.
    expect(first.body.user.email).toBe(account.email);
    expect(first.body.message).toBe(CHANGE_REQUESTED);

    const second = await changeByProfile(client, `second-${account.email}`);
    expect(second.status).toBe(403);

    await client.call('/auth/settings/verify', { body: { password: account.password } });
    expect((await changeByProfile(client, `second-${account.email}`)).status).toBe(200);
  });
});

describe('an email change the owner hears about', () => {
  it('mails the old address naming the new one, when asked and when done', async () => {
    mailbox = watchMailbox();
    const { client, account } = await signedInClient();
    const newEmail = `new-${account.email}`;
    const res = await client.call('/auth/settings/email', {
      method: 'PUT',
      body: { currentPassword: account.password, newEmail },
    });
    expect(res.status).toBe(200);
    // Told at once that a change was asked for (not the link that verified it at sign-up)...
    const toldOf = async (subject: RegExp) => {
      for (let i = 0; i < 50; i++) {
        const line = mailbox!
          .lines()
          .find((l) => l.includes(`to=${account.email} `) && subject.test(l));
        if (line) return line;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return undefined;
    };
    expect(await toldOf(/asked to change/)).toContain(newEmail);
    // ...and again once the new address's link made it happen.
    await new Client().call('/auth/verify-email', {
      body: { token: await mailbox.verifyTokenFor(newEmail) },
    });
    expect(await toldOf(/was changed to/)).toContain(newEmail);
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
    const link = await mailbox.verifyTokenFor(`moved-${account.email}`);
    expect((await new Client().call('/auth/verify-email', { body: { token: link } })).status).toBe(
      200,
    );
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

describe('a change that waits for its link', () => {
  const requestChange = (person: Awaited<ReturnType<typeof signedInClient>>, newEmail: string) =>
    person.client.call('/auth/settings/email', {
      method: 'PUT',
      body: { currentPassword: person.account.password, newEmail },
    });

  it('answers the same whether the new address is free, held unverified, or verified', async () => {
    mailbox = watchMailbox();
    const verifiedHolder = await signedInClient();
    await new Client().call('/auth/verify-email', {
      body: { token: await mailbox.verifyTokenFor(verifiedHolder.account.email) },
    });
    const unverifiedHolder = await signedInClient();
    const answers = [];
    for (const target of [
      `free-${verifiedHolder.account.email}`,
      unverifiedHolder.account.email,
      verifiedHolder.account.email,
    ]) {
      const asker = await signedInClient();
      const res = await requestChange(asker, target);
      answers.push({ status: res.status, body: { ...res.body, user: undefined } });
      expect(res.body.user).toEqual(asker.user);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toEqual({ status: 200, body: { message: CHANGE_REQUESTED } });
  });

  it('changes nothing until the link mailed to the new address is opened', async () => {
    mailbox = watchMailbox();
    const person = await signedInClient();
    const newEmail = `later-${person.account.email}`;
    await requestChange(person, newEmail);
    const token = await mailbox.verifyTokenFor(newEmail);

    const status = await person.client.call('/auth/verify-email/status');
    expect(status.body).toMatchObject({ email: person.account.email, pendingEmail: newEmail });
    expect((await person.client.call('/auth/login/current')).body.user.email).toBe(
      person.account.email,
    );
    const loginNew = { email: newEmail, password: person.account.password };
    expect((await new Client().call('/auth/login', { body: loginNew })).status).toBe(401);

    // Opened in another browser (a mail app's): every session of the account ends.
    const opened = await new Client().call('/auth/verify-email', { body: { token } });
    expect(opened.body).toEqual({ message: `Your email address is now ${newEmail}.` });
    expect((await person.client.call('/auth/login/current')).status).toBe(401);
    expect((await new Client().call('/auth/login', { body: loginNew })).status).toBe(200);
    const loginOld = { email: person.account.email, password: person.account.password };
    expect((await new Client().call('/auth/login', { body: loginOld })).status).toBe(401);
  });

  it('takes a few requests an hour per account', async () => {
    const person = await signedInClient();
    for (let i = 0; i < 5; i++) {
      expect((await requestChange(person, `try${i}-${person.account.email}`)).status).toBe(200);
    }
    expect((await requestChange(person, `try5-${person.account.email}`)).status).toBe(429);
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
    expect(mailbox.lines().some((l) => l.includes('/reset-password/'))).toBe(false);
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
