/**
 * The daily clean-up (a cron trigger): every table that grows with traffic stays bounded.
 * Events are kept 30 days; rate-limit rows outlive their longest window (an hour) by a day;
 * counted uploads go after the day the upload quota looks back on.
 * An address an account has not signed in from for 90 days is a stranger's again; a socket
 * address row older than a week names sockets long closed (they live for hours at most). A
 * broadcast's progress is kept as long as events (the admin's page polls it for minutes), and
 * its counted steps go with it (queue retries come within minutes).
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const EVENT_RETENTION_MS = 30 * DAY_MS;
export const LOGIN_ADDRESS_RETENTION_MS = 90 * DAY_MS;
export const SOCKET_ADDRESS_RETENTION_MS = 7 * DAY_MS;

export async function pruneOldRows(db: D1Database, now = Date.now()) {
  await db.batch([
    db.prepare('DELETE FROM security_events WHERE created_at < ?').bind(now - EVENT_RETENTION_MS),
    db.prepare('DELETE FROM rate_limit_hits WHERE at < ?').bind(now - DAY_MS),
    // The upload quota looks back 24 hours (files/upload-quota.ts).
    db.prepare('DELETE FROM uploads_counted WHERE created_at < ?').bind(now - DAY_MS),
    db
      .prepare(
        'DELETE FROM ip_reputation WHERE last_seen < ? AND (blocked_until IS NULL OR blocked_until < ?)',
      )
      .bind(now - 7 * DAY_MS, now),
    db.prepare('DELETE FROM sessions WHERE expires_at < ?').bind(now),
    db.prepare('DELETE FROM password_resets WHERE expires_at < ?').bind(now),
    db.prepare('DELETE FROM email_verifications WHERE expires_at < ?').bind(now),
    db.prepare('DELETE FROM pending_signups WHERE expires_at < ?').bind(now),
    db
      .prepare('DELETE FROM login_addresses WHERE last_success_at < ?')
      .bind(now - LOGIN_ADDRESS_RETENTION_MS),
    db
      .prepare('DELETE FROM socket_addresses WHERE seen_at < ?')
      .bind(now - SOCKET_ADDRESS_RETENTION_MS),
    // The steps first: they name their broadcast.
    db
      .prepare(
        'DELETE FROM broadcast_steps WHERE broadcast_id IN (SELECT id FROM broadcasts WHERE created_at < ?)',
      )
      .bind(now - EVENT_RETENTION_MS),
    db.prepare('DELETE FROM broadcasts WHERE created_at < ?').bind(now - EVENT_RETENTION_MS),
  ]);
}
