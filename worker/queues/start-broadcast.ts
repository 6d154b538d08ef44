/**
 * Starts a broadcast to every room: one row in D1 and, in one sendBatch, up to FAN_OUT ranges
 * of room rowids for the consumer. The request itself makes three subrequests whatever the
 * number of rooms. Rooms created after this moment are past the last rowid and not included.
 */
import type { MessageType } from '../../contract/realtime';
import { splitRange, type BroadcastMessage } from './broadcast-messages';
import { sendAll } from './send-all';

interface NewBroadcast {
  adminId: string;
  messageType: MessageType;
  html: string;
}

export async function startBroadcast(env: Env, broadcast: NewBroadcast) {
  const db = env.DB;
  // rowid's min and max come from the ends of the table's b-tree: two rows read, not a scan.
  const [span, count] = await db.batch<{ lo: number | null; hi: number | null; value: number }>([
    db.prepare('SELECT MIN(rowid) AS lo, MAX(rowid) AS hi FROM rooms'),
    db.prepare("SELECT value FROM counters WHERE name = 'rooms'"),
  ]);
  const lo = span?.results[0]?.lo ?? null;
  const hi = span?.results[0]?.hi ?? null;
  const ranges = lo === null || hi === null ? [] : splitRange(lo - 1, hi);
  const total = ranges.length === 0 ? 0 : (count?.results[0]?.value ?? 0);
  const broadcastId = crypto.randomUUID();
  await db
    .prepare(
      `INSERT INTO broadcasts (id, admin_id, message_type, html, total, parts_pending)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      broadcastId,
      broadcast.adminId,
      broadcast.messageType,
      broadcast.html,
      total,
      ranges.length,
    )
    .run();
  try {
    const queue = env.BROADCAST_QUEUE as Queue<BroadcastMessage>;
    await sendAll(
      queue,
      ranges.map(([from, to]) => ({ kind: 'range', broadcastId, from, to })),
    );
  } catch (error) {
    // Nothing was queued (or not all of it): a broadcast that can never finish is removed.
    await db.prepare('DELETE FROM broadcasts WHERE id = ?').bind(broadcastId).run();
    throw error;
  }
  return { broadcastId, total };
}
