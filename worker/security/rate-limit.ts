/**
 * Exact sliding-window limits in D1. An attempt is counted only if it fits, by one conditional
 * INSERT, which D1 runs atomically: two racing requests cannot both take the last slot.
 */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

export const limits = {
  loginPerIp: (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 10, windowMs: 60_000 }),
  failedLoginPerAccount: (email: string): Limit => ({
    key: `login-failed:${email}`,
    max: 5,
    windowMs: 15 * 60_000,
  }),
  registerPerIp: (ip: string): Limit => ({
    key: `register:ip:${ip}`,
    max: 5,
    windowMs: 60 * 60_000,
  }),
  forgotPerIp: (ip: string): Limit => ({ key: `forgot:ip:${ip}`, max: 5, windowMs: 60 * 60_000 }),
  forgotPerEmail: (email: string): Limit => ({
    key: `forgot:${email}`,
    max: 3,
    windowMs: 60 * 60_000,
  }),
};

/** Takes one slot of the limit: the id of the counted attempt, or the seconds to wait. */
export async function take(
  db: D1Database,
  limit: Limit,
): Promise<{ hitId: number } | { retryAfter: number }> {
  const now = Date.now();
  const since = now - limit.windowMs;
  const inserted = await db
    .prepare(
      `INSERT INTO rate_limit_hits (key, at) SELECT ?1, ?2
       WHERE (SELECT COUNT(*) FROM rate_limit_hits WHERE key = ?1 AND at > ?3) < ?4
       RETURNING id`,
    )
    .bind(limit.key, now, since, limit.max)
    .first<{ id: number }>();
  if (inserted) return { hitId: inserted.id };
  const oldest = await db
    .prepare('SELECT MIN(at) AS at FROM rate_limit_hits WHERE key = ? AND at > ?')
    .bind(limit.key, since)
    .first<{ at: number | null }>();
  const freesAt = (oldest?.at ?? now) + limit.windowMs;
  return { retryAfter: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
}

/** Gives back a slot taken for an attempt that turned out not to count (a correct password). */
export async function giveBack(db: D1Database, hitId: number) {
  await db.prepare('DELETE FROM rate_limit_hits WHERE id = ?').bind(hitId).run();
}
