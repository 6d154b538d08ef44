/**
 * The daily clean-up (a cron trigger): every table that grows with traffic stays bounded.
 * Events are kept 30 days; rate-limit rows outlive their longest window (an hour) by a day.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const EVENT_RETENTION_MS = 30 * DAY_MS;

export async function pruneOldRows(db: D1Database, now = Date.now()) {
  await db.batch([
    db.prepare('DELETE FROM security_events WHERE created_at < ?').bind(now - EVENT_RETENTION_MS),
    db.prepare('DELETE FROM rate_limit_hits WHERE at < ?').bind(now - DAY_MS),
    db
      .prepare(
        'DELETE FROM ip_reputation WHERE last_seen < ? AND (blocked_until IS NULL OR blocked_until < ?)',
      )
      .bind(now - 7 * DAY_MS, now),
    db.prepare('DELETE FROM sessions WHERE expires_at < ?').bind(now),
    db.prepare('DELETE FROM password_resets WHERE expires_at < ?').bind(now),
  ]);
}
