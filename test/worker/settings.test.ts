import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/validation';
import { CHANGE_REQUESTED } from '../../worker/email-verification/change-email';
import { Client, newAccount, signedInClient } from './support/api';
import { watchMailbox } from './support/mailbox';

describe('POST /api/auth/settings/verify', () => {
  it('accepts the current password and refuses a wrong one', async () => {
    const { client, account } = await signedInClient();
    const ok = await client.call('/auth/settings/verify', { body: { password: account.password } });
    expect(ok.status).toBe(200);
    const wrong = await client.call('/auth/settings/verify', { body: { password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Incorrect password' });
  });

  it('needs a session', async () => {
    const res = await new Client().call('/auth/settings/verify', { body: { password: 'x' } });
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/auth/settings/email', () => {
  it('changes the email once the link is opened, revokes other sessions and hands this browser a fresh cookie', async () => {
    const mailbox = watchMailbox();
    const { client, account } = await signedInClient();
    const otherBrowser = new Client();
    await otherBrowser.call('/auth/login', {
      body: { email: account.email, password: account.password },
    });
    const oldCookie = client.cookie;
    const newEmail = `moved-${account.email}`;

    const res = await client.call('/auth/settings/email', {
      method: 'PUT',
      body: { currentPassword: account.password, newEmail: newEmail.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CHANGE_REQUESTED);
    expect(res.body.user.email).toBe(account.email);

    const token = await mailbox.verifyTokenFor(newEmail);
    mailbox.restore();
    const opened = await client.call('/auth/verify-email', { body: { token } });
    expect(opened.status).toBe(200);
    expect(client.cookie).not.toBe(oldCookie);

    expect((await client.call('/auth/login/current')).body.user.email).toBe(newEmail);
    expect((await otherBrowser.call('/auth/login/current')).status).toBe(401);
    const stale = new Client();
    stale.cookie = oldCookie;
    expect((await stale.call('/auth/login/current')).status).toBe(401);
  });

  it('requires the right password and a valid email; a taken one gets the usual answer', async () => {
    const { client, account } = await signedInClient();
    const taken = newAccount();
    await new Client().call('/auth/register', { body: taken });
    const put = (body: object) => client.call('/auth/settings/email', { method: 'PUT', body });

    expect((await put({ currentPassword: 'wrong-one', newEmail: 'a@b.co' })).status).toBe(401);
    const conflict = await put({ currentPassword: account.password, newEmail: taken.email });
    expect(conflict.status).toBe(200);
    expect(conflict.body.message).toBe(CHANGE_REQUESTED);
    const invalid = await put({ currentPassword: account.password, newEmail: 'nope' });
    expect(invalid.body).toEqual({ error: messages.emailInvalid });
  });
});

describe('PUT /api/user/profile/email', () => {
  it('asks for the change for a session that confirmed its password, answering the user as it is', async () => {
    const { client, account } = await signedInClient();
    await client.call('/auth/settings/verify', { body: { password: account.password } });
    const res = await client.call('/user/profile/email', {
      method: 'PUT',
      body: { email: `profile-${account.email}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(account.email);
    expect(res.body.message).toBe(CHANGE_REQUESTED);
  });

  it('asks a session that has not proved its password lately to confirm it first', async () => {
    const { client } = await signedInClient();
    await env.DB.prepare('UPDATE sessions SET password_verified_at = 0').run();
    const res = await client.call('/user/profile/email', {
      method: 'PUT',
      body: { email: 'stale-session@example.com' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Please confirm your password in settings first');
  });
});

describe('DELETE /api/auth/settings/account', () => {
  it('deletes the account with the password, logs out and frees the email', async () => {
    const { client, account } = await signedInClient();
    const wrong = await client.call('/auth/settings/account', {
      method: 'DELETE',
      body: { password: 'wrong-one' },
    });
    expect(wrong.status).toBe(401);

    const res = await client.call('/auth/settings/account', {
      method: 'DELETE',
      body: { password: account.password },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Set-Cookie')).toMatch(/session=;/);
    expect((await client.call('/auth/login/current')).status).toBe(401);
    const login = await new Client().call('/auth/login', { body: { ...account } });
    expect(login.status).toBe(401);
    const reRegister = await new Client().call('/auth/register', { body: account });
    expect(reRegister.status).toBe(201);
  });
});

describe('account deletion keeps what others share', () => {
  it('keeps rooms the user created, with no creator, and drops their memberships', async () => {
    const { client, account, user } = await signedInClient();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO rooms (room_id, name, created_by) VALUES (?, ?, ?)').bind(
        `room-of-${user.id}`,
        'Kept room',
        user.id,
      ),
      env.DB.prepare(
        'INSERT INTO memberships (id, room_id, user_id, nickname, nickname_key) VALUES (?, ?, ?, ?, ?)',
      ).bind(crypto.randomUUID(), `room-of-${user.id}`, user.id, 'Owner', 'owner'),
    ]);
    await client.call('/auth/settings/account', {
      method: 'DELETE',
      body: { password: account.password },
    });
    const room = await env.DB.prepare('SELECT created_by FROM rooms WHERE room_id = ?')
      .bind(`room-of-${user.id}`)
      .first();
    expect(room).toEqual({ created_by: null });
    const members = await env.DB.prepare('SELECT COUNT(*) AS n FROM memberships WHERE user_id = ?')
      .bind(user.id)
      .first();
    expect(members).toEqual({ n: 0 });
  });
});
