/**
 * Lock-out is not a weapon: guesses at an account from strangers' addresses are stopped fast,
 * and they neither lock the owner out of the addresses they sign in from nor get anyone's
 * address blocked.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../worker/security/client-ip';
import { Client, signedInClient } from './support/api';
import { countedFrom, eventsFrom, scoreOf } from './support/security-state';

async function guess(from: Client, email: string, password = 'wrong-guess') {
  return (await from.call('/auth/login', { body: { email, password } })).status;
}

/** Another device of the owner's, on the network they have signed in from before. */
function atHome(owner: Client) {
  const device = new Client();
  device.ip = owner.ip;
  return device;
}

describe('guesses spread over many addresses', () => {
  it('reach 429 by the sixth address, while the owner signs in from home', async () => {
    const { client: owner, account } = await signedInClient();
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push(await guess(new Client(), account.email));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The owner mistypes once, then gets in: the strangers' guesses are not theirs.
    expect(await guess(atHome(owner), account.email)).toBe(401);
    expect(await guess(atHome(owner), account.email, account.password)).toBe(200);
    expect((await scoreOf(owner.ip)).score).toBeCloseTo(1, 1);
  });

  it('cannot race past five: 20 parallel guesses from 20 addresses', async () => {
    const { client: owner, account } = await signedInClient();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => guess(new Client(), account.email)),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(await guess(atHome(owner), account.email, account.password)).toBe(200);
  });

  it('do not get the owner blocked when the owner, away from home, keeps hitting the lock', async () => {
    const { account } = await signedInClient();
    for (let i = 0; i < 5; i++) await guess(new Client(), account.email);
    const travelling = new Client();
    for (let i = 0; i < 9; i++) {
      expect(await guess(travelling, account.email, account.password)).toBe(429);
    }
    // Logged, so an administrator sees the lock, but the owner's address is not held to it.
    expect((await countedFrom(travelling.ip, 'rate_limited', 9)).total).toBe(9);
    expect(await scoreOf(travelling.ip)).toEqual({ score: 0, blocked: false });
  });
});

describe('an address the owner has signed in from', () => {
  it('is remembered under its /64 on each successful sign-in', async () => {
    const { client, user } = await signedInClient();
    const row = await env.DB.prepare('SELECT ip FROM login_addresses WHERE user_id = ?')
      .bind(user.id)
      .first<{ ip: string }>();
    expect(row).toEqual({ ip: addressKey(client.ip) });
    expect(row!.ip).toMatch(/\/64$/);
  });

  it('still has its own limit, so a neighbour on the same network cannot guess forever', async () => {
    const { client: owner, account } = await signedInClient();
    const neighbour = atHome(owner);
    for (let i = 0; i < 10; i++) expect(await guess(neighbour, account.email)).toBe(401);
    // A minute later the per-address login limit is free again, but the known-address one is not.
    await env.DB.prepare('UPDATE rate_limit_hits SET at = at - 61000 WHERE key = ?')
      .bind(`login:ip:${addressKey(owner.ip)}`)
      .run();
    expect(await guess(neighbour, account.email)).toBe(429);
    const limited = await eventsFrom(owner.ip, 'rate_limited', 1);
    expect(JSON.parse(limited[0]!.details).limit).toBe('login-failed-known');
  });
});

describe('successful sign-ins', () => {
  it('do not use up the address’s ten logins a minute (an office signing in)', async () => {
    const { client, account } = await signedInClient();
    for (let i = 0; i < 15; i++) {
      expect(await guess(atHome(client), account.email, account.password)).toBe(200);
    }
  });

  it('leave a same-origin login flood from one address limited and scored', async () => {
    const flooder = new Client();
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push(await guess(flooder, `nobody${i}@example.com`));
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    await countedFrom(flooder.ip, 'rate_limited', 2);
    // Ten failed logins (1 each) and two flood refusals (3 each).
    expect((await scoreOf(flooder.ip)).score).toBeCloseTo(16, 1);
  });
});
