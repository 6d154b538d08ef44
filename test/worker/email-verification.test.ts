/**
 * Addresses their owners control: a new account's address is proved by a mailed link, the link
 * works once and for a day, can be sent again, and an address held by an account that never
 * proved it goes to the person who does; one that was proved is never taken.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, newAccount, signedInClient } from './support/api';
import { signedInAdmin } from './support/admin';
import { watchMailbox } from './support/mailbox';
import { createRoom, joinRoom } from './support/rooms';
import { openDb } from '../../worker/db/client';
import { hashPassword } from '../../worker/credentials/password';
import { addPendingSignup } from '../../worker/email-verification/pending-signups';

let mailbox: ReturnType<typeof watchMailbox>;
afterEach(() => mailbox?.restore());

const verify = (token: string, client = new Client()) =>
  client.call('/auth/verify-email', { body: { token } });
const status = (client: Client) => client.call('/auth/verify-email/status');
const login = (email: string, password: string) =>
  new Client().call('/auth/login', { body: { email, password } });

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('a new account', () => {
  it('can sign in at once, unverified, until the link mailed to it is opened once', async () => {
    mailbox = watchMailbox();
    const { client, account } = await signedInClient();
    expect((await status(client)).body).toEqual({
      email: account.email,
      emailVerified: false,
      pendingEmail: null,
    });

    const token = await mailbox.verifyTokenFor(account.email);
    // Only the token's SHA-256 is kept.
    const stored = await env.DB.prepare(
      'SELECT token_hash FROM email_verifications WHERE email = ?',
    )
      .bind(account.email)
      .all<{ token_hash: string }>();
    expect(stored.results).toEqual([{ token_hash: await sha256Hex(token) }]);

    const opened = await verify(token);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ message: 'Your email address is verified.' });
    expect((await status(client)).body.emailVerified).toBe(true);

    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This verification link is invalid or has expired.');
  });

  it('refuses a link past its day, and an unknown one', async () => {
    mailbox = watchMailbox();
    const { client, account } = await signedInClient();
    const token = await mailbox.verifyTokenFor(account.email);
    await env.DB.prepare('UPDATE email_verifications SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(token))
      .run();
    expect((await verify(token)).status).toBe(400);
    expect((await verify('no-such-token')).status).toBe(400);
    expect((await status(client)).body.emailVerified).toBe(false);
  });

  it('can have a new link sent, which replaces the last, a few times an hour', async () => {
    mailbox = watchMailbox();
    const { client, account } = await signedInClient();
    const first = await mailbox.verifyTokenFor(account.email);
    const resend = await client.call('/auth/verify-email/resend', { method: 'POST' });
    expect(resend.status).toBe(200);
    expect(resend.body.message).toBe(`We sent a new link to ${account.email}.`);
    let second = first;
    for (let i = 0; i < 50 && second === first; i++) {
      second = await mailbox.verifyTokenFor(account.email);
      if (second === first) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(second).not.toBe(first);
    expect((await verify(first)).status).toBe(400);

    await client.call('/auth/verify-email/resend', { method: 'POST' });
    await client.call('/auth/verify-email/resend', { method: 'POST' });
    expect((await client.call('/auth/verify-email/resend', { method: 'POST' })).status).toBe(429);

    expect((await verify(second)).status).toBe(400);
    const newest = await mailbox.verifyTokenFor(account.email);
    expect((await verify(newest)).status).toBe(200);
    const done = await client.call('/auth/verify-email/resend', { method: 'POST' });
    expect(done.body.message).toBe('Your email address is already verified.');
  });

  it('shows owners and admins who proved their address', async () => {
    mailbox = watchMailbox();
    const owner = await signedInClient();
    const guest = await signedInClient();
    const roomId = await createRoom(owner.client, 'Verified or not');
    await joinRoom(guest.client, roomId, 'Guest');
    await verify(await mailbox.verifyTokenFor(owner.account.email));

    const members = await owner.client.call(`/rooms/${roomId}/members`);
    const byId = (id: string) =>
      members.body.members.find((m: { userId: { id: string } }) => m.userId.id === id).userId;
    expect(byId(owner.user.id)).toEqual({
      id: owner.user.id,
      _id: owner.user.id,
      email: owner.account.email,
      emailVerified: true,
    });
    expect(byId(guest.user.id).emailVerified).toBe(false);

    const admin = await signedInAdmin();
    const users = await admin.client.call(
      `/admin/users?q=${encodeURIComponent(guest.account.email)}`,
    );
    expect(users.body.users).toEqual([
      expect.objectContaining({ id: guest.user.id, emailVerified: false }),
    ]);
  });
});

describe('an address held by an account that never proved it', () => {
  it('goes to the person who signs up with it and opens the link; the holder loses it', async () => {
    mailbox = watchMailbox();
    const squatter = await signedInClient();
    const address = squatter.account.email;
    const owner = { ...newAccount(), email: address, password: 'the-owners-pass' };

    // The same answer as any sign-up: nothing says the address was held.
    const registered = await new Client().call('/auth/register', { body: owner });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toEqual({
      id: expect.any(String),
      email: address,
      role: 'user',
      nickname: owner.nickname,
      activeNickname: null,
      roomId: null,
      shareReads: true,
    });
    const early = await login(address, owner.password);
    expect(early.status).toBe(403);
    expect(early.body.error).toBe(
      'Please open the link we mailed to this address to finish creating your account.',
    );

    const claim = await mailbox.linkFor(address, '/verify-email/');
    expect(mailbox.lines().find((l) => l.includes(claim))).toContain('Finish creating');
    const opened = await verify(claim.split('/').pop()!);
    expect(opened.status).toBe(200);
    expect(opened.body.message).toMatch(/account is ready/);

    const signedIn = await login(address, owner.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(registered.body.user.id);
    expect((await login(address, squatter.account.password)).status).toBe(401);
    // The holder keeps its account and session, with a placeholder it must replace.
    const holder = await status(squatter.client);
    expect(holder.body.email).toBe(`released-${squatter.user.id}@released.invalid`);
    expect(holder.body.emailVerified).toBe(false);
  });

  it('goes to an account that moves to it and opens the link', async () => {
    mailbox = watchMailbox();
    const squatter = await signedInClient();
    const mover = await signedInClient();
    const change = await mover.client.call('/auth/settings/email', {
      method: 'PUT',
      body: { currentPassword: mover.account.password, newEmail: squatter.account.email },
    });
    expect(change.status).toBe(200);
    expect((await verify(await mailbox.verifyTokenFor(squatter.account.email))).status).toBe(200);
    expect((await login(squatter.account.email, mover.account.password)).status).toBe(200);
    expect((await status(squatter.client)).body.email).toMatch(/@released\.invalid$/);
  });

  it('stays with its holder once the holder proves it, and waiting sign-ups are void', async () => {
    mailbox = watchMailbox();
    const holder = await signedInClient();
    const own = await mailbox.verifyTokenFor(holder.account.email);
    const other = { ...newAccount(), email: holder.account.email };
    await new Client().call('/auth/register', { body: other });
    let claim = own;
    for (let i = 0; i < 50 && claim === own; i++) {
      claim = await mailbox.verifyTokenFor(holder.account.email);
      if (claim === own) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await verify(own)).status).toBe(200);
    expect((await verify(claim)).status).toBe(400);
    expect((await login(holder.account.email, holder.account.password)).status).toBe(200);
  });

  it('still goes to its owner when the squatter has taken the placeholder it would be left with', async () => {
    mailbox = watchMailbox();
    const squatter = await signedInClient();
    const address = squatter.account.email;
    // The placeholder is made from the holder's id, which the squatter's sign-up answered.
    const placeholder = { ...newAccount(), email: `released-${squatter.user.id}@released.invalid` };
    const squatted = await new Client().call('/auth/register', { body: placeholder });

    const owner = { ...newAccount(), email: address, password: 'the-owners-pass' };
    expect((await new Client().call('/auth/register', { body: owner })).status).toBe(201);
    const claim = await mailbox.linkFor(address, '/verify-email/');
    const opened = await verify(claim.split('/').pop()!);
    expect(opened.body).toEqual({ message: expect.stringMatching(/account is ready/) });
    expect((await login(address, owner.password)).status).toBe(200);
    // No account can hold an address at the placeholders' domain.
    expect(squatted.status).toBe(400);
    expect(squatted.body.error).toBe('Please enter a valid email address.');
  });
});

describe('sign-ups waiting for one address', () => {
  it('are kept to the newest three, however many arrive at once', async () => {
    const email = newAccount().email;
    const db = openDb(env.DB);
    const password = await hashPassword('a-password');
    const signup = () =>
      addPendingSignup(db, { userId: crypto.randomUUID(), email, nickname: 'Waiting', password });
    const waiting = async () =>
      (
        await env.DB.prepare('SELECT token_hash FROM pending_signups WHERE email = ?')
          .bind(email)
          .all<{ token_hash: string }>()
      ).results.map((row) => row.token_hash);

    await Promise.all(Array.from({ length: 8 }, signup));
    expect(await waiting()).toHaveLength(3);
    const later: string[] = [];
    for (let i = 0; i < 3; i++) later.push(await signup());
    expect((await waiting()).sort()).toEqual((await Promise.all(later.map(sha256Hex))).sort());
  });
});

describe('an address its owner proved', () => {
  it('is never taken: not by signing up, nor by a change, even if its owner opens the link', async () => {
    mailbox = watchMailbox();
    const owner = await signedInClient();
    await verify(await mailbox.verifyTokenFor(owner.account.email));
    const attacker = await signedInClient();

    const signUp = await new Client().call('/auth/register', {
      body: { ...newAccount(), email: owner.account.email },
    });
    expect(signUp.status).toBe(409);
    expect(signUp.body.error).toBe('An account with this email already exists');

    const before = mailbox.lines().length;
    const change = await attacker.client.call('/auth/settings/email', {
      method: 'PUT',
      body: { currentPassword: attacker.account.password, newEmail: owner.account.email },
    });
    expect(change.status).toBe(200);
    // The owner hears of it, with no link that could move their address.
    const notice = await mailbox.linkFor(owner.account.email, '/login');
    expect(notice).toMatch(/\/login$/);
    const since = mailbox.lines().slice(before);
    expect(
      since.some((l) => l.includes(`to=${owner.account.email} `) && l.includes('/verify-email/')),
    ).toBe(false);

    expect((await login(owner.account.email, owner.account.password)).status).toBe(200);
    expect((await status(attacker.client)).body.email).toBe(attacker.account.email);
  });

  it('refuses a change link opened after another account proved the address first', async () => {
    mailbox = watchMailbox();
    const mover = await signedInClient();
    const address = newAccount().email;
    await mover.client.call('/auth/settings/email', {
      method: 'PUT',
      body: { currentPassword: mover.account.password, newEmail: address },
    });
    const moveToken = await mailbox.verifyTokenFor(address);
    const owner = { ...newAccount(), email: address, password: 'the-owners-pass' };
    await new Client().call('/auth/register', { body: owner });
    let ownToken = moveToken;
    for (let i = 0; i < 50 && ownToken === moveToken; i++) {
      ownToken = await mailbox.verifyTokenFor(address);
      if (ownToken === moveToken) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await verify(ownToken)).status).toBe(200);

    const late = await verify(moveToken);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('This address already belongs to another account.');
    expect((await login(address, owner.password)).status).toBe(200);
    expect((await status(mover.client)).body.email).toBe(mover.account.email);
  });
});

describe('a link seen before it is used', () => {
  const preview = (token: string) =>
    new Client().call('/auth/verify-email/preview', { body: { token } });

  it('says what each kind would do and to which address, and spends nothing', async () => {
    mailbox = watchMailbox();
    const { client, account } = await signedInClient();
    const own = await mailbox.verifyTokenFor(account.email);
    expect(await preview(own)).toMatchObject({
      status: 200,
      body: { kind: 'verify', email: account.email },
    });

    const newEmail = newAccount().email;
    await client.call('/auth/settings/email', {
      method: 'PUT',
      body: { currentPassword: account.password, newEmail },
    });
    const move = await mailbox.verifyTokenFor(newEmail);
    expect((await preview(move)).body).toEqual({ kind: 'change', email: newEmail });

    const owner = { ...newAccount(), email: account.email };
    await new Client().call('/auth/register', { body: owner });
    let claim = own;
    for (let i = 0; i < 50 && claim === own; i++) {
      claim = await mailbox.verifyTokenFor(account.email);
      if (claim === own) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await preview(claim)).body).toEqual({ kind: 'signup', email: account.email });

    // Each still works, once, after being looked at (twice).
    expect((await preview(own)).status).toBe(200);
    expect((await verify(own)).status).toBe(200);
    expect((await verify(claim)).status).toBe(400); // void: the holder proved the address
    expect((await verify(move)).status).toBe(200);
    const spent = await preview(move);
    expect(spent.status).toBe(400);
    expect(spent.body.error).toBe('This verification link is invalid or has expired.');
    expect((await preview('no-such-token')).status).toBe(400);
    expect((await new Client().call('/auth/verify-email/preview', { body: {} })).status).toBe(400);
  });

  it('is never used by a GET, whatever the address holds', async () => {
    mailbox = watchMailbox();
    const { client, account } = await signedInClient();
    const token = await mailbox.verifyTokenFor(account.email);
    for (const path of [
      `/auth/verify-email?token=${token}`,
      `/auth/verify-email/${token}`,
      `/auth/verify-email/preview?token=${token}`,
      `/verify-email/${token}`,
    ]) {
      const got = await client.call(path, { method: 'GET' });
      expect(got.status, path).toBe(404);
    }
    expect((await status(client)).body.emailVerified).toBe(false);
    expect((await verify(token)).status).toBe(200);
  });
});
