import { filesLabel } from '../../../contract/files';
import type { ChatMessage } from '../../../contract/realtime';
import { countFlushedMessages } from '../../db/counters';
import { escapeHtml } from './render-message';
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

/** What a flush writes: the room's messages, the read positions and the mentions moved. */
export interface SummaryParts {
  kv: SyncKvStorage;
  store: MessageStore;
  reads: ReadPositions;
  /** User id → the newest message mentioning them since the last flush. */
  mentioned: Map<string, number>;
  /** User id → their mark as it is after a deletion of a mention (mention-marks.ts). */
  mentionMarks: Map<string, number>;
  /** File id → the message it was sent with, since the last flush (clean-up spares these). */
  filesSent: Map<string, number>;
  /** A read that rides in the same batch (the push's audience, room-push.ts). */
  alsoRead?: D1PreparedStatement;
}

/** Whether the flush wrote the summary, and what `alsoRead` answered (when given). */
export interface SummaryFlush {
  wrote: boolean;
  alsoRead?: D1Result;
}

/**
 * Copies the room's last message (the newest not deleted, as edited), its newest id and count,
 * and the read positions and mentions moved since the last flush to D1 in one batch, for the
 * room list (excerpts, unread counts, the '@' mark) and the admin stats. Called from the alarm,
 * so a room writes D1 at most every few seconds (room-messages.ts), never once per message or
 * per `read`. Answers whether it wrote anything, and what `alsoRead` answered.
 */
export async function flushRoomSummary(
  db: D1Database,
  roomId: string,
  parts: SummaryParts,
): Promise<SummaryFlush> {
  const { kv, store, reads, mentioned, mentionMarks, filesSent, alsoRead } = parts;
  if (!roomId) return { wrote: false };
  const newestId = store.latestId();
  const newMessage = newestId > 0 && kv.get<number>('flushedId') !== newestId;
  // An edit or a deletion may change what the list shows without a new message.
  const excerptStale = newMessage || kv.get<boolean>('excerptStale') === true;
  const nothingMoved = mentioned.size === 0 && mentionMarks.size === 0 && filesSent.size === 0;
  if (!excerptStale && !reads.pending && nothingMoved) {
    return alsoRead ? { wrote: false, alsoRead: await alsoRead.run() } : { wrote: false };
  }
  const statements: D1PreparedStatement[] = [];
  if (excerptStale) {
    const shown = store.latest();
    // Ids are never reused, so the newest id counts every message ever sent, trimmed or not.
    // The admin stats' message count grows by the difference, in the same transaction.
    if (newMessage) statements.push(countFlushedMessages(db, roomId, newestId));
    statements.push(
      db
        .prepare(
          `UPDATE rooms SET last_message_html = ?, last_message_at = COALESCE(?, last_message_at),
             message_count = MAX(message_count, ?), last_message_id = MAX(last_message_id, ?)
           WHERE room_id = ?`,
        )
        .bind(
          shown ? excerptHtml(shown) : null,
          shown?.createdAt ?? null,
          newestId,
          newestId,
          roomId,
        ),
    );
  }
  // One statement for up to 32 members whose positions moved since the last flush, however
  // many messages they read: a statement each would make the flush grow with the room.
  const moved = reads.take();
  const positions = [...moved];
  for (let i = 0; i < positions.length; i += POSITIONS_PER_STATEMENT) {
    statements.push(movePositions(db, roomId, positions.slice(i, i + POSITIONS_PER_STATEMENT)));
  }
  for (const [userId, messageId] of mentioned) {
    statements.push(
      db
        .prepare(
          'UPDATE memberships SET last_mention_id = MAX(last_mention_id, ?) WHERE room_id = ? AND user_id = ?',
        )
        .bind(messageId, roomId, userId),
    );
  }
  // Set, not raised: the mark goes back (or away) when the mention it stood on was deleted.
  for (const [userId, messageId] of mentionMarks) {
    statements.push(
      db
        .prepare('UPDATE memberships SET last_mention_id = ? WHERE room_id = ? AND user_id = ?')
        .bind(messageId, roomId, userId),
    );
  }
  for (const [fileId, messageId] of filesSent) {
    statements.push(
      db.prepare('UPDATE files SET message_id = ? WHERE id = ?').bind(messageId, fileId),
    );
  }
  if (alsoRead) statements.push(alsoRead);
  let results: D1Result[];
  try {
    results = await db.batch(statements);
  } catch (error) {
    reads.putBack(moved);
    throw error;
  }
  if (newMessage) kv.put('flushedId', newestId);
  if (excerptStale) kv.delete('excerptStale');
  return alsoRead ? { wrote: true, alsoRead: results.at(-1) } : { wrote: true };
}

/** What the room list shows of a message: its text, or what its files are when it has none. */
function excerptHtml(message: ChatMessage): string {
  if (message.text || !message.files?.length) return message.text;
  return escapeHtml(filesLabel(message.files));
}
