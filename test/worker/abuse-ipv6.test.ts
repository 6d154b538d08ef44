/**
 * One IPv6 subscriber holds a whole /64: limits, scores and blocks key on it, or each request
 * from a fresh address in it would bring a fresh limit and a clean score.
 */
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../worker/security/client-ip';
import { Client, newAccount } from './support/api';
import { signedInAdmin } from './support/admin';
import { becomesBlocked } from './support/security-state';

describe('addressKey', () => {
  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['2001:0:0:1::', '2001:0:0:1::/64'],
    ['0:0:1:2:3:4:5:6', '0:0:1:2::/64'],
    ['::1', '::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['[2001:db8:1:2::9]', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::/64', '2001:db8:1:2::/64'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::ffff:c000:207', '192.0.2.7'],
    ['192.0.2.7', '192.0.2.7'],
    ['not-an-address', 'not-an-address'],
    ['1::2::3', '1::2::3'],
  ])('keys %s as %s', (raw, key) => {
    expect(addressKey(raw)).toBe(key);
  });
});

/** A client at another address of the given client's /64. */
function sameNetwork(client: Client, host: string) {
  const other = new Client();
  other.ip = client.ip.replace(/::1$/, `::${host}`);
  return other;
}

describe('an IPv6 caller hopping between addresses of its /64', () => {
  it('shares one registration limit, while the next /64 has its own', async () => {
    const first = new Client();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const hop = sameNetwork(first, (i + 2).toString(16));
      statuses.push((await hop.call('/auth/register', { body: newAccount() })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await new Client().call('/auth/register', { body: newAccount() })).status).toBe(201);
  });

  it('is blocked as one network, and an admin unblocks it by any of its addresses', async () => {
    const admin = await signedInAdmin();
    const prober = new Client();
    for (let i = 0; i < 40; i++) {
      const hop = sameNetwork(prober, (i + 2).toString(16));
      await hop.call('/auth/login', { body: { email: `nobody${i}@example.com`, password: 'x1' } });
    }
    expect(await becomesBlocked(prober.ip)).toBe(true);
    const elsewhere = sameNetwork(prober, 'beef');
    expect((await elsewhere.call('/auth/login/current')).status).toBe(429);
    const unblock = await admin.client.call('/admin/security/unblock', {
      body: { ip: elsewhere.ip },
    });
    expect(unblock.status).toBe(200);
    expect((await elsewhere.call('/auth/login/current')).status).toBe(401);
  });

  it('treats an IPv4-mapped address as the IPv4 address', async () => {
    const v4 = new Client();
    v4.ip = '192.0.2.55';
    const mapped = new Client();
    mapped.ip = '::ffff:192.0.2.55';
    for (let i = 0; i < 5; i++) {
      expect((await v4.call('/auth/register', { body: newAccount() })).status).toBe(201);
    }
    expect((await mapped.call('/auth/register', { body: newAccount() })).status).toBe(429);
  });
});
