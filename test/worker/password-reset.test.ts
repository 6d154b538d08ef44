import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../contract/validation';
import { Client, ORIGIN, signedInClient } from './support/api';
import { watchMailbox } from './support/mailbox';

const FORGOT_ANSWER = 'If an account exists for that email, a password reset link has been sent.';
let mailbox: ReturnType<typeof watchMailbox>;
afterEach(() => mailbox?.restore());

describe('password reset', () => {
  it('mails a link that sets a new password once, and revokes every session', async () => {
    mailbox = watchMailbox();
    const { client, account } = await signedInClient();
    const forgot = await new Client().call('/auth/reset-password/forgot', {
      body: { email: account.email },
    });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ message: FORGOT_ANSWER });

    const link = await mailbox.resetLinkFor(account.email);
    expect(link.startsWith(`${ORIGIN}/reset-password/`)).toBe(true);
    const token = link.split('/').pop();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const reset = await new Client().call('/auth/reset-password/reset', {
      body: { token, newPassword: 'brand-new-pass' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toMatch(/reset/i);

    expect((await client.call('/auth/login/current')).status).toBe(401);
    const oldLogin = await new Client().call('/auth/login', { body: { ...account } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await new Client().call('/auth/login', {
      body: { email: account.email, password: 'brand-new-pass' },
    });
    expect(newLogin.status).toBe(200);

    const again = await new Client().call('/auth/reset-password/reset', {
      body: { token, newPassword: 'another-pass' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This password reset link is invalid or has expired.');
  });

  it('answers the same for an unknown email and mails nothing', async () => {
    mailbox = watchMailbox();
    const res = await new Client().call('/auth/reset-password/forgot', {
      body: { email: 'nobody-here@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: FORGOT_ANSWER });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mailbox.lines()).toEqual([]);
  });

  it('validates the email and the new password with the spec messages', async () => {
    const badEmail = await new Client().call('/auth/reset-password/forgot', {
      body: { email: 'x' },
    });
    expect(badEmail.body).toEqual({ error: messages.emailInvalid });
    const short = await new Client().call('/auth/reset-password/reset', {
      body: { token: 'whatever', newPassword: '123' },
    });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ error: messages.passwordTooShort });
  });

  it('refuses an unknown token', async () => {
    const res = await new Client().call('/auth/reset-password/reset', {
      body: { token: 'made-up-token', newPassword: 'brand-new-pass' },
    });
    expect(res.status).toBe(400);
  });
});
