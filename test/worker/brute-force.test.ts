import { describe, expect, it } from 'vitest';
import { Client, signedInClient } from './support/api';
import { signedInAdmin } from './support/admin';
import { TestSocket } from './support/socket';
import { addressKey } from '../../worker/security/client-ip';

describe('a brute force from one address', () => {
  it('ends in 429 with Retry-After, shows in logs, summary and ip-stats, and an unblock lets it back', async () => {
    const admin = await signedInAdmin();
    const victim = await signedInClient();
    const attacker = new Client();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 30; i++) {
      const res = await attacker.call('/auth/login', {
        body: { email: victim.account.email, password: `guess-${i}` },
      });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('Retry-After');
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);

    // Blocked: even a call that needs no password is refused now.
    const blocked = await attacker.call('/auth/register', {
      body: { email: 'fresh@example.com', password: 'secret-pass', nickname: 'fresh' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Too many requests from your network. Please try again later.');
    // ...and so is a socket upgrade.
    const anyRoom = 'abcdefghijklmnopqrstuv';
    await expect(TestSocket.open(attacker, anyRoom)).rejects.toThrow('upgrade refused with 429');

    const logs = await admin.client.call('/admin/security/logs?limit=100');
    const types = logs.body.events.map((e: { eventType: string }) => e.eventType);
    expect(types).toContain('login_failed');
    expect(types).toContain('rate_limited');
    expect(types).toContain('ip_blocked');
    const failed = logs.body.events.find(
      (e: { eventType: string }) => e.eventType === 'login_failed',
    );
    // Addresses are logged and scored by their /64, the network one subscriber is given.
    const attackerKey = addressKey(attacker.ip);
    expect(failed.details).toMatchObject({ ip: attackerKey, email: victim.account.email });
    expect(Date.parse(failed.timestamp)).toBeGreaterThan(0);

    const summary = await admin.client.call('/admin/security/summary?hours=24');
    expect(summary.body.summary.byType.login_failed).toBeGreaterThanOrEqual(5);
    expect(summary.body.summary.total).toBeGreaterThan(summary.body.summary.byType.login_failed);

    const stats = await admin.client.call('/admin/security/ip-stats');
    expect(stats.body.blockedCount).toBeGreaterThanOrEqual(1);
    const row = stats.body.recentViolations.find((v: { ip: string }) => v.ip === attackerKey);
    expect(row).toMatchObject({ status: 'blocked', violationCount: expect.any(Number) });
    expect(row.threatScore).toBeGreaterThanOrEqual(25);

    const unblock = await admin.client.call('/admin/security/unblock', {
      body: { ip: attacker.ip },
    });
    expect(unblock.status).toBe(200);
    const again = await attacker.call('/auth/login/current');
    expect(again.status).toBe(401);
    expect((await TestSocket.connect(attacker, anyRoom)).answer).toBe(
      '44{"message":"Not authenticated","data":{"code":"not_authenticated"}}',
    );
  });

  it('locks an account after 5 failed logins from new addresses, but not for its owner', async () => {
    const victim = await signedInClient();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await new Client().call('/auth/login', {
        body: { email: victim.account.email, password: 'wrong-one' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Even the right password from a new address waits out the quarter hour...
    const correct = await new Client().call('/auth/login', { body: { ...victim.account } });
    expect(correct.status).toBe(429);
    // ...but the owner, from the address they signed in from before, gets in.
    const owner = new Client();
    owner.ip = victim.client.ip;
    expect((await owner.call('/auth/login', { body: { ...victim.account } })).status).toBe(200);
  });

  it('does not count a correct password against the account', async () => {
    const user = await signedInClient();
    for (let i = 0; i < 6; i++) {
      expect((await new Client().call('/auth/login', { body: { ...user.account } })).status).toBe(
        200,
      );
    }
  });

  it('allows 5 registrations an hour per address, and 3 reset mails per email per address, 10 in all', async () => {
    const client = new Client();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await client.call('/auth/register', {
        body: {
          email: `burst${i}-${client.ip.replace(/:/g, '')}@example.com`,
          password: 'secret-pass',
          nickname: `burst${i}`,
        },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const forgot = (from: Client) =>
      from.call('/auth/reset-password/forgot', { body: { email: 'same@example.com' } });
    const statuses2 = [];
    for (let i = 0; i < 4; i++) statuses2.push((await forgot(client)).status);
    expect(statuses2).toEqual([200, 200, 200, 429]);
    const others = [];
    for (let i = 0; i < 8; i++) others.push((await forgot(new Client())).status);
    expect(others).toEqual([200, 200, 200, 200, 200, 200, 200, 429]);
  });
});
