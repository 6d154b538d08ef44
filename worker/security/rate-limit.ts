/**
 * Exact sliding-window limits in D1. An attempt is counted only if it fits, by one conditional
 * INSERT, which D1 runs atomically: two racing requests cannot both take the last slot.
 */
export interface Limit {
  /** What is limited, for the log: the key without the address or account it is counted for. */
  name: string;
  key: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

function limit(name: string, subject: string, max: number, windowMs: number): Limit {
  return { name, key: `${name}:${subject}`, max, windowMs };
}

export const limits = {
  loginPerIp: (ip: string) => limit('login:ip', ip, 10, MINUTE),
  /**
   * Failed logins at one account from addresses it has never signed in from: guesses spread
   * over many addresses still share these five.
   */
  failedLoginPerAccount: (email: string) => limit('login-failed', email, 5, 15 * MINUTE),
  /**
   * Failed logins at one account from one address it has signed in from before: the owner's
   * own allowance, untouched by strangers' guesses, and still bounded for a neighbour on the
   * owner's network.
   */
  failedLoginFromKnownAddress: (email: string, ip: string) =>
    limit('login-failed-known', `${email}:${ip}`, 10, 15 * MINUTE),
  /** Wrong current passwords in the settings (a borrowed browser guessing), per account... */
  failedPasswordCheckPerAccount: (userId: string) =>
    limit('password-check-failed', userId, 5, 15 * MINUTE),
  /** ...and per address, across accounts. */
  failedPasswordCheckPerIp: (ip: string) => limit('password-check-failed:ip', ip, 10, MINUTE),
  registerPerIp: (ip: string) => limit('register:ip', ip, 5, 60 * MINUTE),
  /**
   * Reset links asked for from one address, across emails; and for one email from one
   * address: a stranger's requests use up only their own (auth/forgot-limits.ts).
   */
  forgotPerIp: (ip: string) => limit('forgot:ip', ip, 10, 60 * MINUTE),
  forgotPerIpAndEmail: (ip: string, email: string) =>
    limit('forgot:ip-email', `${ip}:${email}`, 3, 60 * MINUTE),
  /**
   * Reset links for one email from addresses it has never signed in from, all together: what
   * strangers can mail one inbox. Generous, so it takes many addresses to use it up.
   */
  forgotPerEmail: (email: string) => limit('forgot', email, 10, 60 * MINUTE),
};

/** Takes one slot of the limit: the id of the counted attempt, or the seconds to wait. */
export async function take(
  db: D1Database,
  limit: Omit<Limit, 'name'>,
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

/** Gives back slots taken for an attempt that turned out not to count (a correct password). */
export async function giveBack(db: D1Database, ...hitIds: number[]) {
  if (hitIds.length === 0) return;
  await db
    .prepare(`DELETE FROM rate_limit_hits WHERE id IN (${hitIds.map(() => '?').join(', ')})`)
    .bind(...hitIds)
    .run();
}
