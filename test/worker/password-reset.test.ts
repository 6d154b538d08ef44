import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../contract/validation';
import { LIVE_LINKS_MAX, issueResetLink } from '../../worker/auth/reset-links';
import { openDb } from '../../worker/db/client';
import { sha256Hex } from '../../worker/lib/encoding';
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

/** Every reset token mailed to `email` so far, oldest first, once there are `atLeast`. */
async function resetTokensFor(email: string, atLeast: number): Promise<string[]> {
  for (let attempt = 0; ; attempt++) {
    const tokens = mailbox
      .lines()
      .filter((line) => line.includes(`to=${email} `) && line.includes('/reset-password/'))
      .map((line) => line.match(/link=\S+\/reset-password\/(\S+)/)![1]!);
    if (tokens.length >= atLeast || attempt === 50) return tokens;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const forgot = (from: Client, email: string) =>
  from.call('/auth/reset-password/forgot', { body: { email } });
const reset = (token: string, newPassword = 'brand-new-pass') =>
  new Client().call('/auth/reset-password/reset', { body: { token, newPassword } });

describe('recovery that strangers cannot jam', () => {
  it("keeps the owner's live link valid while two strangers ask for more", async () => {
    mailbox = watchMailbox();
    const { account } = await signedInClient();
    expect((await forgot(new Client(), account.email)).status).toBe(200);
    const [ownersToken] = await resetTokensFor(account.email, 1);

    for (const stranger of [new Client(), new Client()]) {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await forgot(stranger, account.email)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    }
    await resetTokensFor(account.email, 7);

    expect((await reset(ownersToken!)).status).toBe(200);
    const login = await new Client().call('/auth/login', {
      body: { email: account.email, password: 'brand-new-pass' },
    });
    expect(login.status).toBe(200);
  });

  it("leaves the owner's own requests when strangers have used up every limit of theirs", async () => {
    mailbox = watchMailbox();
    const { client: owner, account } = await signedInClient();
    // Strangers at five addresses, until each is refused: the per-email cap is reached too.
    const strangers = Array.from({ length: 5 }, () => new Client());
    for (const stranger of strangers) {
      while ((await forgot(stranger, account.email)).status === 200);
    }
    expect((await forgot(new Client(), account.email)).status).toBe(429);

    // The owner, at an address they have signed in from, is not held to the strangers' cap.
    const home = new Client();
    home.ip = owner.ip;
    const answer = await forgot(home, account.email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: FORGOT_ANSWER });
    const tokens = await resetTokensFor(account.email, 11);
    expect(tokens).toHaveLength(11);
    // Every link asked for is still live: the strangers' first one included.
    expect((await reset(tokens[0]!, 'first-link-pass')).status).toBe(200);
  });

  it('answers alike, limits included, whether or not the account exists', async () => {
    const { account } = await signedInClient();
    const answers = async (email: string) => {
      const from = new Client();
      const seen = [];
      for (let i = 0; i < 4; i++) {
        const res = await forgot(from, email);
        seen.push([res.status, res.body.message ?? 'refused']);
      }
      return seen;
    };
    const known = await answers(account.email);
    expect(await answers(`nobody-${account.email}`)).toEqual(known);
    expect(known.map(([status]) => status)).toEqual([200, 200, 200, 429]);
  });

  it('spends the account’s other links once one of them has reset the password', async () => {
    mailbox = watchMailbox();
    const { account } = await signedInClient();
    await forgot(new Client(), account.email);
    await forgot(new Client(), account.email);
    const [first, second] = await resetTokensFor(account.email, 2);
    expect((await reset(second!)).status).toBe(200);
    expect((await reset(first!, 'another-pass')).status).toBe(400);
  });

  it(`keeps an account's newest ${LIVE_LINKS_MAX} live links, however many are asked for at once`, async () => {
    const { user } = await signedInClient();
    const db = openDb(env.DB);
    const liveHashes = async () =>
      (
        await env.DB.prepare('SELECT token_hash FROM password_resets WHERE user_id = ?')
          .bind(user.id)
          .all<{ token_hash: string }>()
      ).results.map((row) => row.token_hash);

    await Promise.all(
      Array.from({ length: LIVE_LINKS_MAX + 5 }, () => issueResetLink(db, user.id)),
    );
    expect(await liveHashes()).toHaveLength(LIVE_LINKS_MAX);

    const later: string[] = [];
    for (let i = 0; i < LIVE_LINKS_MAX; i++) later.push(await issueResetLink(db, user.id));
    const kept = await liveHashes();
    expect(kept.sort()).toEqual((await Promise.all(later.map(sha256Hex))).sort());
  });
});

describe('a reset that shuts out whoever knew the old password', () => {
  it('voids an email change they asked for before it, whose link went to their own address', async () => {
    mailbox = watchMailbox();
    const { account } = await signedInClient();
    // The attacker signs in with the known password and asks to move the account to theirs.
    const attacker = new Client();
    await attacker.call('/auth/login', {
      body: { email: account.email, password: account.password },
    });
    const attackersEmail = `attacker-${account.email}`;
    const asked = await attacker.call('/auth/settings/email', {
      method: 'PUT',
      body: { currentPassword: account.password, newEmail: attackersEmail },
    });
    expect(asked.status).toBe(200);
    const changeToken = await mailbox.verifyTokenFor(attackersEmail);

    // The owner, told of the request, resets the password.
    await forgot(new Client(), account.email);
    const [resetToken] = await resetTokensFor(account.email, 1);
    expect((await reset(resetToken!)).status).toBe(200);

    // The change link the attacker holds no longer moves the account.
    const opened = await new Client().call('/auth/verify-email', { body: { token: changeToken } });
    expect(opened.status).toBe(400);
    expect(opened.body.error).toBe('This verification link is invalid or has expired.');
    const owner = new Client();
    const login = await owner.call('/auth/login', {
      body: { email: account.email, password: 'brand-new-pass' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(account.email);
  });

  it("takes back the failure allowance of the addresses they signed in from; the resetting one is the owner's", async () => {
    mailbox = watchMailbox();
    const { account } = await signedInClient();
    // The intruder signs in with the known password: their address becomes a known one, with
    // its own 10 failures a quarter hour that strangers' guesses elsewhere do not use up.
    const intruder = new Client();
    expect((await intruder.call('/auth/login', { body: { ...account } })).status).toBe(200);

    // The owner resets the password from an address the account has never signed in from.
    const owner = new Client();
    await forgot(owner, account.email);
    const [token] = await resetTokensFor(account.email, 1);
    const done = await owner.call('/auth/reset-password/reset', {
      body: { token, newPassword: 'brand-new-pass' },
    });
    expect(done.status).toBe(200);

    // Guessing the new password, the intruder is a stranger again: 5 failures, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const guess = await intruder.call('/auth/login', {
        body: { email: account.email, password: `guess-${i}` },
      });
      statuses.push(guess.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // The address that opened the link proved the mailbox: the owner still gets in there.
    const login = await owner.call('/auth/login', {
      body: { email: account.email, password: 'brand-new-pass' },
    });
    expect(login.status).toBe(200);
  });
});
