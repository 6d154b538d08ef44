/**
 * Addresses are what they seem: characters nobody can see are refused wherever an address
 * comes in, and a domain is stored the one way mail systems route it.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { emailSchema, messages } from '../../contract/validation';
import { Client, newAccount } from './support/api';
import { watchMailbox } from './support/mailbox';

const HIDDEN = [
  ['zero-width space', 'vic\u200Btim@example.com'],
  ['zero-width joiner', 'victim@exa\u200Dmple.com'],
  ['right-to-left override', 'victim@\u202Eexample.com'],
  ['left-to-right mark', 'victim\u200E@example.com'],
  ['first-strong isolate', 'victim@example.com\u2068'],
  ['Arabic letter mark', '\u061Cvictim@example.com'],
  ['word joiner', 'victim@example\u2060.com'],
  ['byte order mark at the start', '\uFEFFvictim@example.com'],
  ['soft hyphen', 'vic\u00ADtim@example.com'],
  ['tag character', 'victim@example.com\u{E0041}'],
  ['Hangul filler', 'victim\u3164@example.com'],
  ['variation selector', 'victim@example\uFE0F.com'],
] as const;

describe('an email with characters nobody can see', () => {
  it.each(HIDDEN)('is refused at registration (%s)', async (_name, email) => {
    const res = await new Client().call('/auth/register', {
      body: { ...newAccount(), email },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: messages.emailHiddenCharacters });
  });

  it('is refused at sign-in, reset and a change of email too', async () => {
    const email = 'vic\u200Btim@example.com';
    const login = await new Client().call('/auth/login', { body: { email, password: 'x' } });
    expect(login.body).toEqual({ error: messages.emailHiddenCharacters });
    const forgot = await new Client().call('/auth/reset-password/forgot', { body: { email } });
    expect(forgot.body).toEqual({ error: messages.emailHiddenCharacters });
    const client = new Client();
    const account = newAccount();
    await client.call('/auth/register', { body: account });
    await client.call('/auth/login', { body: account });
    const change = await client.call('/auth/settings/email', {
      method: 'PUT',
      body: { currentPassword: account.password, newEmail: email },
    });
    expect(change.status).toBe(400);
    expect(change.body).toEqual({ error: messages.emailHiddenCharacters });
  });

  it('keeps ordinary spaces around an address as something to trim', () => {
    expect(emailSchema.parse('  \tAna@Example.com \n')).toBe('ana@example.com');
  });
});

describe('the domain of an email', () => {
  it.each([
    ['Ana@BÜCHER.de', 'ana@xn--bcher-kva.de'],
    ['bob@Example.COM.', 'bob@example.com'],
    ['carol@ｅｘａｍｐｌｅ．ｃｏｍ', 'carol@example.com'],
    ['dan@example。com', 'dan@example.com'],
    ['erin@xn--BCHER-KVA.de', 'erin@xn--bcher-kva.de'],
  ])('is stored the one way mail routes it: %s', (typed, stored) => {
    expect(emailSchema.parse(typed)).toBe(stored);
  });

  it.each([
    'a@example.com:80',
    'a@example.com/path',
    'a@localhost',
    'a@1.2.3.4',
    'a@example..com',
    'a@.example.com',
    'a@exa%41mple.com',
    'a@exa<mple.com',
  ])('refuses what is not a mail domain: %s', (email) => {
    expect(emailSchema.safeParse(email).success).toBe(false);
  });

  it('makes one account of both spellings of an internationalised domain', async () => {
    const account = { ...newAccount(), email: `idn-${Date.now()}@bücher.de` };
    const first = await new Client().call('/auth/register', { body: account });
    expect(first.body.user.email).toBe(account.email.replace('bücher.de', 'xn--bcher-kva.de'));
    const login = await new Client().call('/auth/login', {
      body: {
        email: account.email.replace('bücher.de', 'XN--BCHER-KVA.DE.'),
        password: account.password,
      },
    });
    expect(login.status).toBe(200);
  });

  it('still finds an account stored, before this rule, with a trailing dot', async () => {
    const account = newAccount();
    const registered = await new Client().call('/auth/register', { body: account });
    await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?')
      .bind(`${account.email}.`, registered.body.user.id)
      .run();
    const login = await new Client().call('/auth/login', { body: account });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(registered.body.user.id);
  });

  it('still finds an account stored, before this rule, with its domain in Unicode', async () => {
    const account = newAccount();
    const client = new Client();
    const registered = await client.call('/auth/register', { body: account });
    const legacy = `legacy-${Date.now()}@bücher.de`;
    await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?')
      .bind(legacy, registered.body.user.id)
      .run();
    const login = await new Client().call('/auth/login', {
      body: { email: legacy, password: account.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(registered.body.user.id);
  });
});

describe('the local part of an email', () => {
  // 'J' and a combining caron have no composed capital, but their lower case does: 'ǰ' (U+01F0).
  // Lower-cased after composing, the address stayed decomposed, another string for one address.
  it.each([
    ['J\u030Cohn@example.com', '\u01F0ohn@example.com'],
    ['\u0391\u0342@example.com', '\u1FB6@example.com'],
  ])('is composed after it is lower-cased: %s', (typed, stored) => {
    expect(emailSchema.parse(typed)).toBe(stored);
    expect(emailSchema.parse(stored)).toBe(stored);
  });

  it('makes one account of an address typed with a capital that composes only in lower case', async () => {
    const mailbox = watchMailbox();
    const tag = Date.now().toString(36);
    const composed = `\u01F0${tag}@example.com`;
    const owner = { ...newAccount(), email: composed };
    expect((await new Client().call('/auth/register', { body: owner })).status).toBe(201);
    const token = await mailbox.verifyTokenFor(composed);
    mailbox.restore();
    expect((await new Client().call('/auth/verify-email', { body: { token } })).status).toBe(200);

    const typed = `J\u030C${tag}@example.com`;
    const login = await new Client().call('/auth/login', {
      body: { email: typed, password: owner.password },
    });
    expect(login.status).toBe(200);
    const second = await new Client().call('/auth/register', {
      body: { ...newAccount(), email: typed },
    });
    expect(second.status).toBe(409);
  });
});
