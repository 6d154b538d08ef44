/**
 * A broadcast's progress in D1. Queues deliver at least once, so every counting step names
 * itself: the update runs only if the step is not in broadcast_steps yet, and records it there
 * in the same batch (one transaction). A message handled twice is counted once.
 */
import type { BroadcastStatus } from '../../contract/admin';

function countedOnce(
  db: D1Database,
  broadcastId: string,
  step: string,
  update: D1PreparedStatement,
) {
  return db.batch([
    update,
    db
      .prepare('INSERT OR IGNORE INTO broadcast_steps (broadcast_id, step) VALUES (?, ?)')
      .bind(broadcastId, step),
  ]);
}

const NOT_COUNTED = `NOT EXISTS (SELECT 1 FROM broadcast_steps WHERE broadcast_id = ?1 AND step = ?2)`;

/** A range was split in `parts`: one pending part becomes that many. */
export function countSplit(db: D1Database, broadcastId: string, step: string, parts: number) {
  const update = db
    .prepare(
      `UPDATE broadcasts SET parts_pending = parts_pending + ?3 WHERE id = ?1 AND ${NOT_COUNTED}`,
    )
    .bind(broadcastId, step, parts - 1);
  return countedOnce(db, broadcastId, step, update);
}

/**
 * A range's page was read and found `rooms` rooms. When it was the last part pending, what
 * was queued is the broadcast's exact total (rooms deleted since it started are not in it).
 */
export function countPage(db: D1Database, broadcastId: string, step: string, rooms: number) {
  const update = db
    .prepare(
      `UPDATE broadcasts SET queued = queued + ?3, parts_pending = parts_pending - 1,
         total = CASE WHEN parts_pending = 1 THEN queued + ?3 ELSE total END
       WHERE id = ?1 AND ${NOT_COUNTED}`,
    )
    .bind(broadcastId, step, rooms);
  return countedOnce(db, broadcastId, step, update);
}

export function countDeliveries(
  db: D1Database,
  broadcastId: string,
  step: string,
  delivered: number,
  failed: number,
) {
  const update = db
    .prepare(
      `UPDATE broadcasts SET delivered = delivered + ?3, failed = failed + ?4
       WHERE id = ?1 AND ${NOT_COUNTED}`,
    )
    .bind(broadcastId, step, delivered, failed);
  return countedOnce(db, broadcastId, step, update);
}

export async function readBroadcastStatus(
  db: D1Database,
  broadcastId: string,
): Promise<BroadcastStatus | null> {
  const row = await db
    .prepare('SELECT total, delivered, failed, parts_pending FROM broadcasts WHERE id = ?')
    .bind(broadcastId)
    .first<{ total: number; delivered: number; failed: number; parts_pending: number }>();
  if (!row) return null;
  return {
    broadcastId,
    total: row.total,
    delivered: row.delivered,
    failed: row.failed,
    done: row.parts_pending === 0 && row.delivered + row.failed >= row.total,
  };
}
