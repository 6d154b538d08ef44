/**
 * Session cookies verified once are answered from the isolate's memory (verified-tokens.ts):
 * only the exact token that verified, only under the secret it verified with, only until it
 * expires, and never more of them than the bound. A revoked session stays revoked: the row
 * decides that, cached cookie or not (register-and-login.test.ts logs out with one).
 */
import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from '../../worker/credentials/verified-tokens';
import { Client, signedInClient } from './support/api';

const CLAIMS = { sub: 'user', sid: 'session' };

describe('VerifiedTokens', () => {
  it('answers a remembered token under its secret until it expires', () => {
    const tokens = new VerifiedTokens<typeof CLAIMS>();
    tokens.remember('a.b.c', 'secret', CLAIMS, 2_000);
    expect(tokens.known('a.b.c', 'secret', 1_999)).toBe(CLAIMS);
    expect(tokens.known('a.b.d', 'secret', 1_000)).toBeUndefined();
    expect(tokens.known('a.b.c', 'secret', 2_000)).toBeUndefined();
    // Expired, it is gone for good, even asked about at an earlier time.
    expect(tokens.known('a.b.c', 'secret', 1_000)).toBeUndefined();
  });

  it('checks a token again under another secret', () => {
    const tokens = new VerifiedTokens<typeof CLAIMS>();
    tokens.remember('a.b.c', 'old secret', CLAIMS, 2_000);
    expect(tokens.known('a.b.c', 'new secret', 1_000)).toBeUndefined();
    expect(tokens.known('a.b.c', 'old secret', 1_000)).toBeUndefined();
  });

  it('keeps at most its bound, the oldest going first', () => {
    const tokens = new VerifiedTokens<typeof CLAIMS>(2);
    tokens.remember('one', 's', CLAIMS, 9_000);
    tokens.remember('two', 's', CLAIMS, 9_000);
    tokens.remember('two', 's', CLAIMS, 9_000);
    expect(tokens.known('one', 's', 0)).toBe(CLAIMS);
    tokens.remember('three', 's', CLAIMS, 9_000);
    expect(tokens.known('one', 's', 0)).toBeUndefined();
    expect(tokens.known('two', 's', 0)).toBe(CLAIMS);
    expect(tokens.known('three', 's', 0)).toBe(CLAIMS);
  });
});

describe('a session cookie verified before', () => {
  it('still lets nothing else in: a changed signature or payload is refused', async () => {
    const { client } = await signedInClient();
    expect((await client.call('/auth/login/current')).status).toBe(200);
    const token = client.cookie.replace(/^session=/, '').split(';')[0]!;
    const [header, payload, signature] = token.split('.');
    const last = signature!.at(-2) === 'A' ? 'B' : 'A';
    const changed = [
      `${header}.${payload}.${signature!.slice(0, -2)}${last}${signature!.at(-1)}`,
      `${header}.${payload}x.${signature}`,
      `${header}.${payload}.${signature}.`,
    ];
    for (const forged of changed) {
      const other = new Client();
      other.cookie = `session=${forged}`;
      expect([forged, (await other.call('/auth/login/current')).status]).toEqual([forged, 401]);
    }
    expect((await client.call('/auth/login/current')).status).toBe(200);
  });
});
