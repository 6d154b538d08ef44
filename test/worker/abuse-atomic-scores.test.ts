/**
 * Threat scores under bursts: every violation counts even when they all land at once, so a
 * script cannot outrun its own block by sending in parallel.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { addViolation, BLOCK_SCORE } from '../../worker/security/ip-reputation';
import { Client, signedInClient } from './support/api';
import { becomesBlocked, eventsFrom, scoreOf } from './support/security-state';

const HOUR = 60 * 60 * 1000;

describe("D1's SQLite", () => {
  it('has pow(), with which the score decays in the same statement that adds to it', async () => {
    const row = await env.DB.prepare('SELECT pow(0.5, 2.5) AS p').first<{ p: number }>();
    expect(row).toEqual({ p: 0.5 ** 2.5 });
  });
});

describe('addViolation', () => {
  it('counts every one of 30 parallel violations, and says once that a block started', async () => {
    const ip = '198.51.100.30';
    const started = await Promise.all(
      Array.from({ length: 30 }, () => addViolation(env.DB, ip, 1)),
    );
    const row = await env.DB.prepare(
      'SELECT threat_score, violation_count, blocked_until FROM ip_reputation WHERE ip = ?',
    )
      .bind(ip)
      .first<{ threat_score: number; violation_count: number; blocked_until: number }>();
    expect(row!.violation_count).toBe(30);
    expect(row!.threat_score).toBeCloseTo(30, 2);
    expect(row!.blocked_until).toBeGreaterThan(Date.now());
    expect(started.filter(Boolean)).toHaveLength(1);
  });

  it('halves a score per hour before adding, and blocks only at the threshold', async () => {
    const ip = '198.51.100.31';
    await env.DB.prepare(
      `INSERT INTO ip_reputation (ip, threat_score, scored_at, violation_count, last_seen)
       VALUES (?, 40, ?, 20, ?)`,
    )
      .bind(ip, Date.now() - 2 * HOUR, Date.now() - 2 * HOUR)
      .run();
    // 40 two hours ago is 10 now; +3 is 13, under the block.
    expect(await addViolation(env.DB, ip, 3)).toBe(false);
    expect((await scoreOf(ip)).score).toBeCloseTo(13, 2);
    expect(await addViolation(env.DB, ip, 11.5)).toBe(false);
    expect(await addViolation(env.DB, ip, BLOCK_SCORE - 24)).toBe(true);
    expect(await scoreOf(ip)).toMatchObject({ blocked: true });
  });
});

describe('a burst of 50 parallel violations from one address', () => {
  it('blocks a signed-in prober of admin routes, and nobody else', async () => {
    const { client: prober } = await signedInClient();
    const bystander = await signedInClient();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async () => (await prober.call('/admin/stats')).status),
    );
    expect(statuses.every((status) => status === 403 || status === 429)).toBe(true);
    expect(await becomesBlocked(prober.ip)).toBe(true);
    expect((await prober.call('/auth/login/current')).status).toBe(429);
    expect(await eventsFrom(prober.ip, 'ip_blocked', 1)).toHaveLength(1);
    expect((await bystander.client.call('/auth/login/current')).status).toBe(200);
  });

  it('blocks a password guesser, who gets at most 5 guesses at the account', async () => {
    const victim = await signedInClient();
    const guesser = new Client();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await guesser.call('/auth/login', {
          body: { email: victim.account.email, password: `guess-${i}` },
        });
        return res.status;
      }),
    );
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(45);
    expect(await becomesBlocked(guesser.ip)).toBe(true);
    // The owner, at home, is not the one blocked.
    expect((await victim.client.call('/auth/login/current')).status).toBe(200);
  });
});
