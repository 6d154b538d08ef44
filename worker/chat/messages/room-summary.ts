import { countFlushedMessages } from '../../db/counters';
import type { MessageStore } from './message-store';
import type { ReadPositions } from './read-positions';

/** D1 binds at most 100 parameters a statement: 3 a member and the room id. */
const POSITIONS_PER_STATEMENT = 32;

/**
 * Moves each member's position forward (never back). The CASE picks each row's own position, so
 * D1 reads only the rows it updates, through the (room_id, user_id) index; a join with a JSON
 * list of positions read every member once per position.
 */
function movePositions(db: D1Database, roomId: string, positions: [string, number][]) {
  const cases = positions.map(() => 'WHEN ? THEN ?').join(' ');
  const users = positions.map(() => '?').join(', ');
  return db
    .prepare(
      `UPDATE memberships SET last_read_id = MAX(last_read_id, CASE user_id ${cases} END)
       WHERE room_id = ? AND user_id IN (${users})`,
    )
    .bind(...positions.flat(), roomId, ...positions.map(([userId]) => userId));
}

/**
 * Copies the room's last message, its newest id and count, and the read positions moved since
 * the last flush to D1 in one batch, for the room list (excerpts, unread counts) and the admin
 * stats. Called from the alarm, so a room writes D1 at most every few seconds (room-messages.ts),
 * never once per message or per `read`. Answers whether it wrote anything.
 */
export async function flushRoomSummary(
  db: D1Database,
  kv: SyncKvStorage,
  store: MessageStore,
  reads: ReadPositions,
  roomId: string,
) {
  if (!roomId) return false;
  const latest = store.latest();
  const newMessage = latest !== null && kv.get<number>('flushedId') !== latest.id;
  if (!newMessage && !reads.pending) return false;
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
  // One statement for up to 32 members whose positions moved since the last flush, however
  // many messages they read: a statement each would make the flush grow with the room.
  const moved = reads.take();
  const positions = [...moved];
  for (let i = 0; i < positions.length; i += POSITIONS_PER_STATEMENT) {
    statements.push(movePositions(db, roomId, positions.slice(i, i + POSITIONS_PER_STATEMENT)));
  }
  try {
    await db.batch(statements);
  } catch (error) {
    reads.putBack(moved);
    throw error;
  }
  if (newMessage) kv.put('flushedId', latest.id);
  return true;
}
