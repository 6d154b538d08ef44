import { addressKey } from './client-ip';

/**
 * Threat scores per address. Every violation adds its weight; the score halves every hour.
 * At WATCHLIST_SCORE an address is watched, at BLOCK_SCORE it is blocked for BLOCK_MS.
 */
export const WATCHLIST_SCORE = 10;
export const BLOCK_SCORE = 25;
export const BLOCK_MS = 60 * 60 * 1000;
const HALF_LIFE_MS = 60 * 60 * 1000;

export type IpStatus = 'ok' | 'watchlist' | 'blocked';

export interface ReputationRow {
  ip: string;
  threat_score: number;
  scored_at: number;
  violation_count: number;
  last_seen: number;
  blocked_until: number | null;
}

export function decayedScore(
  row: Pick<ReputationRow, 'threat_score' | 'scored_at'>,
  now = Date.now(),
) {
  return row.threat_score * 0.5 ** (Math.max(0, now - row.scored_at) / HALF_LIFE_MS);
}

export function ipStatus(row: ReputationRow, now = Date.now()): IpStatus {
  if (row.blocked_until !== null && row.blocked_until > now) return 'blocked';
  return decayedScore(row, now) >= WATCHLIST_SCORE ? 'watchlist' : 'ok';
}

/** The stored score decayed to `now` in SQL, the same formula as decayedScore(). */
const decayedSql = (now: string, halfLife: string) =>
  `threat_score * pow(0.5, MAX(0, ${now} - scored_at) * 1.0 / ${halfLife})`;
const DECAYED_SQL = decayedSql('?3', '?4');

/**
 * Adds a violation to an address's score, blocking it once the score reaches BLOCK_SCORE.
 * Answers true when this violation started a block.
 *
 * Decay and addition are one statement, so parallel violations each count: reading the row,
 * decaying in JS and writing it back let thirty at once leave a score of six. The batch is one
 * transaction, so the block state read first is the one the upsert then changes.
 */
export async function addViolation(db: D1Database, ip: string, weight: number): Promise<boolean> {
  const now = Date.now();
  const [before, after] = await db.batch<{ blocked_until: number | null }>([
    db
      .prepare('SELECT blocked_until FROM ip_reputation WHERE ip = ? AND blocked_until > ?')
      .bind(ip, now),
    db
      .prepare(
        `INSERT INTO ip_reputation (ip, threat_score, scored_at, violation_count, last_seen, blocked_until)
         VALUES (?1, ?2, ?3, 1, ?3, CASE WHEN ?2 >= ?5 THEN ?3 + ?6 END)
         ON CONFLICT (ip) DO UPDATE SET
           threat_score = ${DECAYED_SQL} + ?2,
           scored_at = MAX(scored_at, ?3),
           violation_count = violation_count + 1,
           last_seen = MAX(last_seen, ?3),
           blocked_until = CASE
             WHEN blocked_until > ?3 THEN blocked_until
             WHEN ${DECAYED_SQL} + ?2 >= ?5 THEN ?3 + ?6
           END
         RETURNING blocked_until`,
      )
      .bind(ip, weight, now, HALF_LIFE_MS, BLOCK_SCORE, BLOCK_MS),
  ]);
  const wasBlocked = (before?.results.length ?? 0) > 0;
  return !wasBlocked && (after?.results[0]?.blocked_until ?? 0) > now;
}

/** When an address is blocked, the time the block ends; otherwise null. */
export async function blockedUntil(db: D1Database, ip: string): Promise<number | null> {
  const row = await db
    .prepare('SELECT blocked_until FROM ip_reputation WHERE ip = ? AND blocked_until > ?')
    .bind(ip, Date.now())
    .first<{ blocked_until: number }>();
  return row?.blocked_until ?? null;
}

/** Lifts a block and forgets the score: an administrator's decision. */
export async function unblock(db: D1Database, address: string): Promise<boolean> {
  // The key as clientIp() makes it: a full IPv6 address pasted by an admin means its /64.
  const ip = addressKey(address);
  const result = await db
    .prepare(
      'UPDATE ip_reputation SET blocked_until = NULL, threat_score = 0, scored_at = ? WHERE ip = ?',
    )
    .bind(Date.now(), ip)
    .run();
  return result.meta.changes > 0;
}

/**
 * How many addresses are blocked and on the watchlist now, counted in D1 over every address
 * (the dashboard shows only the newest few). A stored score only decays, so rows below the
 * watchlist before their decay are skipped at once.
 */
export async function countByStatus(
  db: D1Database,
  now = Date.now(),
): Promise<{ blocked: number; watchlist: number }> {
  const row = await db
    .prepare(
      `SELECT COALESCE(SUM(blocked_until > ?1), 0) AS blocked,
         COALESCE(SUM(COALESCE(blocked_until, 0) <= ?1 AND ${decayedSql('?1', '?2')} >= ?3), 0)
           AS watchlist
       FROM ip_reputation WHERE blocked_until > ?1 OR threat_score >= ?3`,
    )
    .bind(now, HALF_LIFE_MS, WATCHLIST_SCORE)
    .first<{ blocked: number; watchlist: number }>();
  return { blocked: row?.blocked ?? 0, watchlist: row?.watchlist ?? 0 };
}
