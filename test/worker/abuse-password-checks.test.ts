/**
 * The settings' password re-check is limited like a login: someone at an unlocked, signed-in
 * browser cannot guess the password (and then change the email or delete the account).
 */
import { describe, expect, it } from 'vitest';
import { Client, signedInClient } from './support/api';
import { eventsFrom } from './support/security-state';

function verify(client: Client, password: string) {
  return client.call('/auth/settings/verify', { body: { password } });
}

describe('guessing the current password in the settings', () => {
  it('stops at 5 wrong guesses, logs each, and the right one then gets nowhere either', async () => {
    const { client, account, user } = await signedInClient();
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await verify(client, `guess-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect((await verify(client, account.password)).status).toBe(429);
    const email = await client.call('/auth/settings/email', {
      method: 'PUT',
      body: { currentPassword: account.password, newEmail: 'taken-over@example.com' },
    });
    expect(email.status).toBe(429);
    const deletion = await client.call('/auth/settings/account', {
      method: 'DELETE',
      body: { password: account.password },
    });
    expect(deletion.status).toBe(429);
    expect((await client.call('/auth/login/current')).body.user.email).toBe(account.email);

    const failed = await eventsFrom(client.ip, 'login_failed', 5);
    expect(failed).toHaveLength(5);
    expect(failed.every((event) => event.user_id === user.id)).toBe(true);
  });

  it('cannot race past five with 20 parallel guesses', async () => {
    const { client } = await signedInClient();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => (await verify(client, `guess-${i}`)).status),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('is limited per address too, across accounts', async () => {
    const people = await Promise.all([signedInClient(), signedInClient(), signedInClient()]);
    const shared = people[0].client.ip;
    for (const person of people) person.client.ip = shared;
    const statuses = [];
    for (const [person, tries] of [
      [people[0], 4],
      [people[1], 4],
      [people[2], 3],
    ] as const) {
      for (let i = 0; i < tries; i++) statuses.push((await verify(person.client, 'nope')).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('the owner checking their own password', () => {
  it('is not counted when right, so a few typos never lock them out', async () => {
    const { client, account } = await signedInClient();
    for (let i = 0; i < 4; i++) expect((await verify(client, 'typo')).status).toBe(401);
    for (let i = 0; i < 10; i++) expect((await verify(client, account.password)).status).toBe(200);
    expect((await verify(client, 'typo')).status).toBe(401);
    expect((await verify(client, 'typo')).status).toBe(429);
  });

  it('is not affected by another account’s guesses', async () => {
    const guesser = await signedInClient();
    const owner = await signedInClient();
    for (let i = 0; i < 6; i++) await verify(guesser.client, 'nope');
    expect((await verify(owner.client, owner.account.password)).status).toBe(200);
  });
});
