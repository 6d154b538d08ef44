/**
 * Address blocks for ticketed upgrades, read from memory instead of one D1 query per connect.
 *
 * Each isolate keeps a snapshot of every address blocked right now (one D1 query reads them
 * all). A snapshot is served for FRESH_MS after the query that made it was sent; from
 * REFRESH_AFTER_MS on, the next upgrade starts a new query in the background, and only an
 * upgrade that finds no snapshot younger than FRESH_MS waits for one (concurrent upgrades
 * share that one query). Staleness bound: a block written to D1 at time T is enforced by every
 * isolate for every upgrade that starts after T + FRESH_MS (the query that read the snapshot
 * was sent after T), and an unblock likewise lets the address back in within FRESH_MS. The
 * sockets an address already has are closed by the block itself (room-calls/close-sockets.ts), and a
 * socket that slips in during those seconds is closed by its room when it records the address
 * (address-notes.ts).
 *
 * Should the blocked set ever outgrow MAX_ROWS (an attack from a great many networks), the
 * snapshot is incomplete and addresses missing from it are looked up one by one, each answer
 * (blocked or not) kept for FRESH_MS: still the same staleness bound.
 */
export const FRESH_MS = 5_000;
const REFRESH_AFTER_MS = 2_500;
const MAX_ROWS = 10_000;
const MAX_POINT_ENTRIES = 50_000;

interface Snapshot {
  /** When the query that read it was sent. */
  readAt: number;
  blocked: Map<string, number>;
  complete: boolean;
}

let snapshot: Snapshot | null = null;
let loading: Promise<Snapshot> | null = null;
const pointAnswers = new Map<string, { until: number | null; readAt: number }>();
/** Bumped by a reset: a read sent before it must not bring its snapshot back. */
let generation = 0;

/** Counts D1 queries this isolate made for blocks (tests read it). */
export const blockCacheStats = { queries: 0 };

/** When `ip` is blocked (per the bound above), the time its block ends; otherwise null. */
export async function cachedBlockedUntil(
  db: D1Database,
  ip: string,
  background: (work: Promise<unknown>) => void,
  now = Date.now(),
): Promise<number | null> {
  let current = snapshot;
  if (!current || now - current.readAt > FRESH_MS) {
    current = await load(db);
  } else if (now - current.readAt > REFRESH_AFTER_MS && !loading) {
    background(load(db).catch((error) => console.error('[block-cache] refresh', error)));
  }
  const until = current.blocked.get(ip);
  if (until !== undefined) return until > now ? until : null;
  if (current.complete) return null;
  return pointLookup(db, ip, now);
}

function load(db: D1Database): Promise<Snapshot> {
  if (loading) return loading;
  // Only this read's own entry is cleared: after a reset, a newer read may hold the place.
  const current: Promise<Snapshot> = read(db).finally(() => {
    if (loading === current) loading = null;
  });
  loading = current;
  return current;
}

async function read(db: D1Database): Promise<Snapshot> {
  const readAt = Date.now();
  const readIn = generation;
  blockCacheStats.queries += 1;
  const { results } = await db
    .prepare('SELECT ip, blocked_until FROM ip_reputation WHERE blocked_until > ? LIMIT ?')
    .bind(readAt, MAX_ROWS)
    .all<{ ip: string; blocked_until: number }>();
  const blocked = new Map(results.map((row) => [row.ip, row.blocked_until]));
  const next = { readAt, blocked, complete: results.length < MAX_ROWS };
  // A slower, older read never replaces a newer one.
  if (readIn !== generation) return next;
  if (!snapshot || snapshot.readAt <= readAt) snapshot = next;
  if (next.complete) pointAnswers.clear();
  return next;
}

async function pointLookup(db: D1Database, ip: string, now: number): Promise<number | null> {
  const known = pointAnswers.get(ip);
  if (known && now - known.readAt <= FRESH_MS) {
    return known.until !== null && known.until > now ? known.until : null;
  }
  blockCacheStats.queries += 1;
  const readIn = generation;
  const row = await db
    .prepare('SELECT blocked_until FROM ip_reputation WHERE ip = ? AND blocked_until > ?')
    .bind(ip, now)
    .first<{ blocked_until: number }>();
  if (readIn === generation) {
    if (pointAnswers.size >= MAX_POINT_ENTRIES) pointAnswers.clear();
    pointAnswers.set(ip, { until: row?.blocked_until ?? null, readAt: now });
  }
  return row?.blocked_until ?? null;
}

/** Forgets everything (tests). */
export function resetBlockCache() {
  generation += 1;
  snapshot = null;
  loading = null;
  pointAnswers.clear();
  blockCacheStats.queries = 0;
}
