import { countFlushedMessages } from '../admin/counters';
import type { MessageStore } from './message-store';
import type { ReadPositions } from './read-positions';

/**
 * Copies the room's last message, its newest id and count, and the read positions moved since
 * the last flush to D1 in one batch, for the room list (excerpts, unread counts) and the admin
 * stats. Called from the alarm, so a busy room writes D1 about once a second, never once per
 * message or per `read`.
 */
export async function flushRoomSummary(
  db: D1Database,
  kv: SyncKvStorage,
  store: MessageStore,
  reads: ReadPositions,
  roomId: string,
) {
  if (!roomId) return;
  const latest = store.latest();
  const newMessage = latest !== null && kv.get<number>('flushedId') !== latest.id;
  if (!newMessage && !reads.pending) return;
  const statements: D1PreparedStatement[] = [];
  if (newMessage) {
    // Ids are never reused, so the newest id counts every message ever sent, trimmed or not.
    // The admin stats' message count grows by the difference, in the same transaction.
    statements.push(
      countFlushedMessages(db, roomId, latest.id),
      db
        .prepare(
          'UPDATE rooms SET last_message_html = ?, last_message_at = ?, message_count = ?, last_message_id = ? WHERE room_id = ?',
        )
        .bind(latest.text, latest.createdAt, latest.id, latest.id, roomId),
    );
  }
  // One row per member whose position moved this second, however many messages they read.
  const moved = reads.take();
  for (const [userId, messageId] of moved) {
    statements.push(
      db
        .prepare(
          'UPDATE memberships SET last_read_id = MAX(last_read_id, ?) WHERE room_id = ? AND user_id = ?',
        )
        .bind(messageId, roomId, userId),
    );
  }
  try {
    await db.batch(statements);
  } catch (error) {
    reads.putBack(moved);
    throw error;
  }
  if (newMessage) kv.put('flushedId', latest.id);
}
