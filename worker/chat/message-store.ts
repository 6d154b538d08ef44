/**
 * A room's history in its Durable Object's SQLite storage: ids increase within the room, and
 * only the newest HISTORY_LIMIT messages are kept.
 */
import type { ChatMessage, MessageType } from '../../contract/realtime';

export const HISTORY_LIMIT = 5000;
/** Trimming runs every so many messages rather than on each insert. */
const TRIM_EVERY = 100;

interface MessageRow extends Record<string, SqlStorageValue> {
  id: number;
  user: string;
  text: string;
  type: string;
  created_at: number;
}

export class MessageStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id TEXT,
      user TEXT NOT NULL,
      text TEXT NOT NULL,
      type TEXT NOT NULL,
      created_at INTEGER NOT NULL
    )`);
  }

  add(userId: string | null, user: string, html: string, type: MessageType): ChatMessage {
    const createdAt = Date.now();
    const row = this.sql
      .exec<{ id: number }>(
        'INSERT INTO messages (user_id, user, text, type, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
        userId,
        user,
        html,
        type,
        createdAt,
      )
      .one();
    if (row.id % TRIM_EVERY === 0) {
      this.sql.exec('DELETE FROM messages WHERE id <= ?', row.id - HISTORY_LIMIT);
    }
    return { id: row.id, user, text: html, messageType: type, createdAt };
  }

  /** The newest `limit` messages after `afterId`, oldest first. */
  since(afterId: number, limit: number): ChatMessage[] {
    const rows = this.sql
      .exec<MessageRow>(
        'SELECT id, user, text, type, created_at FROM messages WHERE id > ? ORDER BY id DESC LIMIT ?',
        afterId,
        limit,
      )
      .toArray();
    return rows.reverse().map(toMessage);
  }

  latest(): ChatMessage | null {
    const row = this.sql
      .exec<MessageRow>(
        'SELECT id, user, text, type, created_at FROM messages ORDER BY id DESC LIMIT 1',
      )
      .toArray()[0];
    return row ? toMessage(row) : null;
  }

  count(): number {
    return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM messages').one().n;
  }

  clear() {
    this.sql.exec('DELETE FROM messages');
  }
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    user: row.user,
    text: row.text,
    messageType: row.type as MessageType,
    createdAt: row.created_at,
  };
}
