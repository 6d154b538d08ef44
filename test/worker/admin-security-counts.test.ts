/**
 * The Security tab's counts are over every address D1 knows, not over the newest rows the tab
 * lists: a thousand other addresses with a failed login each must not hide a block.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './support/admin';
import { signedInClient } from './support/api';
import { createRoom } from './support/rooms';
import { eventsFrom } from './support/security-state';

const HOUR = 60 * 60 * 1000;

async function addRow(ip: string, score: number, scoredAgo: number, blockedFor: number | null) {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO ip_reputation (ip, threat_score, scored_at, violation_count, last_seen, blocked_until)
     VALUES (?, ?, ?, 1, ?, ?)`,
  )
    .bind(ip, score, now - scoredAgo, now - 2 * HOUR, blockedFor === null ? null : now + blockedFor)
    .run();
}

describe('the Security tab’s counts', () => {
  it('count every blocked and watched address, however many addresses are newer', async () => {
    const admin = await signedInAdmin();
    const before = (await admin.client.call('/admin/security/ip-stats')).body;
    await addRow('198.51.100.1', 30, 0, HOUR); // blocked
    await addRow('198.51.100.2', 12, 0, null); // watched
    await addRow('198.51.100.3', 12, 2 * HOUR, null); // decayed to 3 since: not watched
    await addRow('198.51.100.4', 30, 3 * HOUR, -2 * HOUR); // a block that ended, decayed
    // 1,010 newer addresses with one failed login each.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1010)
       INSERT INTO ip_reputation (ip, threat_score, scored_at, violation_count, last_seen)
       SELECT '203.0.113.' || i, 1, ?1, 1, ?1 FROM n`,
    )
      .bind(Date.now())
      .run();

    const stats = (await admin.client.call('/admin/security/ip-stats')).body;
    expect(stats.blockedCount).toBe(before.blockedCount + 1);
    expect(stats.watchlistCount).toBe(before.watchlistCount + 1);
    expect(stats.recentViolations).toHaveLength(50);
  });
});

describe('the 24h Violations count', () => {
  it('counts violations, not the administrators’ own actions', async () => {
    const admin = await signedInAdmin();
    const summary = async () =>
      (await admin.client.call('/admin/security/summary?hours=24')).body.summary;
    const before = await summary();
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client);
    // Two lines of the audit trail...
    await admin.client.call('/admin/broadcast', { body: { roomId, message: 'Hello' } });
    await admin.client.call(`/admin/join/${roomId}`, { method: 'POST' });
    await eventsFrom(admin.client.ip, 'admin_broadcast', 1);
    await eventsFrom(admin.client.ip, 'admin_join', 1);
    // ...and one violation: a member asking for an admin route.
    expect((await owner.client.call('/admin/stats')).status).toBe(403);
    await eventsFrom(owner.client.ip, 'access_denied', 1);

    const after = await summary();
    expect(after.total).toBe(before.total + 3);
    expect(after.violations).toBe(before.violations + 1);
  });
});
