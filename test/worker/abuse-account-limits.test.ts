/**
 * A limit on one account's mail (new verification links, email change requests) refuses that
 * account with 429 and logs it, but never scores the address: everyone behind it (an office,
 * a household) would be blocked for one person pressing a button again and again.
 */
import { describe, expect, it } from 'vitest';
import { signedInClient } from './support/api';
import { eventsFrom, scoreOf } from './support/security-state';

/** Enough 429s at a rate_limited's weight of 3 to pass the block's 25 several times over. */
const REFUSALS = 12;

describe('a per-account mail limit', () => {
  it('refuses new verification links past three an hour without scoring the address', async () => {
    const { client } = await signedInClient();
    const resend = () => client.call('/auth/verify-email/resend', { method: 'POST' });
    for (let i = 0; i < 3; i++) expect((await resend()).status).toBe(200);
    for (let i = 0; i < REFUSALS; i++) expect((await resend()).status).toBe(429);

    expect(await eventsFrom(client.ip, 'rate_limited', REFUSALS)).toHaveLength(REFUSALS);
    expect(await scoreOf(client.ip)).toEqual({ score: 0, blocked: false });
    expect((await client.call('/auth/login/current')).status).toBe(200);
  });

  it('refuses email change requests past five an hour without scoring the address', async () => {
    const { client, account } = await signedInClient();
    const change = (n: number) =>
      client.call('/auth/settings/email', {
        method: 'PUT',
        body: { currentPassword: account.password, newEmail: `new${n}-${account.email}` },
      });
    for (let i = 0; i < 5; i++) expect((await change(i)).status).toBe(200);
    for (let i = 0; i < REFUSALS; i++) expect((await change(5 + i)).status).toBe(429);

    expect(await eventsFrom(client.ip, 'rate_limited', REFUSALS)).toHaveLength(REFUSALS);
    expect(await scoreOf(client.ip)).toEqual({ score: 0, blocked: false });
    expect((await client.call('/auth/login/current')).status).toBe(200);
  });
});
