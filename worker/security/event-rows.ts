/**
 * The rows of the security log, written so that no caller can drown it:
 *
 * - An event with a `bucket` (a refusal of a caller without a session, a blocked request) adds
 *   to one row per address, kind and hour, which counts them, instead of a row each.
 * - The rows an address adds in any hour are at most ROWS_PER_ADDRESS_PER_HOUR. Past that, its
 *   events add to one 'log_overflow' row per address and hour.
 * - The rows an IPv6 /48 adds in any hour (its /64s' together) are at most
 *   ROWS_PER_NETWORK_PER_HOUR. Past that, its events add to one 'log_overflow' row per /48 and
 *   hour: its holder has 65,536 /64s, each with an address's allowance.
 *
 * Each is one statement, so racing requests cannot both take the last row or both start a
 * bucket: a conditional INSERT for the bound, an upsert on the bucket's unique index.
 */
import { networkKey } from './client-ip';

export const ROWS_PER_ADDRESS_PER_HOUR = 60;
/** Four addresses' worth: a site's few people may be refused at once, a flood may not. */
export const ROWS_PER_NETWORK_PER_HOUR = 240;
const HOUR_MS = 60 * 60 * 1000;

export interface EventRow {
  eventType: string;
  ip: string;
  userId: string | null;
  /** JSON text; a bucket keeps its first event's. */
  details: string;
}

/** The bucket of an event counted per address, kind and hour; `part` splits a kind further. */
export function bucketOf(eventType: string, ip: string, now: number, part = '') {
  // '|' is in no address key, event type or limit name, so two buckets never share a name.
  return [eventType, ip, Math.floor(now / HOUR_MS), part].join('|');
}

const UPSERT = `ON CONFLICT (bucket) DO UPDATE SET
  count = count + 1, last_at = MAX(COALESCE(last_at, created_at), excluded.last_at)`;

/**
 * Writes an event that the address's (and its network's) hourly bound holds to: into its bucket
 * when it has one, else as a new row while the bounds allow, else into an overflow row.
 */
export async function writeBoundedEvent(
  db: D1Database,
  row: EventRow,
  bucket: string | null,
  now = Date.now(),
): Promise<'written' | 'overflow'> {
  const net = networkKey(row.ip);
  const written = await db
    .prepare(
      `INSERT INTO security_events
         (event_type, ip, user_id, details, created_at, last_at, bucket, net)
       SELECT ?1, ?2, ?3, ?4, ?5, ?5, ?6, ?9
       WHERE EXISTS (SELECT 1 FROM security_events WHERE bucket = ?6)
         OR ((SELECT COUNT(*) FROM security_events WHERE ip = ?2 AND created_at > ?7) < ?8
           AND (?9 IS NULL
             OR (SELECT COUNT(*) FROM security_events WHERE net = ?9 AND created_at > ?7) < ?10))
       ${UPSERT}
       RETURNING id`,
    )
    .bind(
      row.eventType,
      row.ip,
      row.userId,
      row.details,
      now,
      bucket,
      now - HOUR_MS,
      ROWS_PER_ADDRESS_PER_HOUR,
      net,
      ROWS_PER_NETWORK_PER_HOUR,
    )
    .first<{ id: number }>();
  if (written) return 'written';
  // The network's row when the network is full (a flood from many of its /64s), else the address's.
  const over = net !== null && (await networkFull(db, net, now)) ? net : row.ip;
  const reason =
    over === net
      ? `more than ${ROWS_PER_NETWORK_PER_HOUR} rows from this network in an hour`
      : `more than ${ROWS_PER_ADDRESS_PER_HOUR} rows from this address in an hour`;
  await writeEvent(
    db,
    {
      eventType: 'log_overflow',
      ip: over,
      userId: null,
      details: JSON.stringify({ ip: over, reason, first: row.eventType }),
    },
    bucketOf('log_overflow', over, now),
    now,
  );
  return 'overflow';
}

async function networkFull(db: D1Database, net: string, now: number): Promise<boolean> {
  const row = await db
    .prepare('SELECT COUNT(*) AS n FROM security_events WHERE net = ? AND created_at > ?')
    .bind(net, now - HOUR_MS)
    .first<{ n: number }>();
  return (row?.n ?? 0) >= ROWS_PER_NETWORK_PER_HOUR;
}

/** Writes an event outside the bound (the audit trail): a row, or into its bucket. */
export async function writeEvent(
  db: D1Database,
  row: EventRow,
  bucket: string | null = null,
  now = Date.now(),
) {
  // An overflow row of a network names the /48 itself, which is its own network.
  const net = row.ip.endsWith('/48') ? row.ip : networkKey(row.ip);
  await db
    .prepare(
      `INSERT INTO security_events
         (event_type, ip, user_id, details, created_at, last_at, bucket, net)
       VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6, ?7) ${UPSERT}`,
    )
    .bind(row.eventType, row.ip, row.userId, row.details, now, bucket, net)
    .run();
}
