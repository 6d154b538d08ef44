/**
 * A room's history in its Durable Object's SQLite storage: ids increase within the room, and
 * only the newest HISTORY_LIMIT messages are kept.
 */
import { HISTORY_RESUME_MAX, type ChatMessage, type MessageType } from '../../../contract/realtime';

export const HISTORY_LIMIT = 5000;
/** Trimming runs every so many messages rather than on each insert. */
const TRIM_EVERY = 100;
/**
 * The newest messages are kept in memory too, enough for any history frame (history-page.ts
 * asks for one more than it sends): every join read them from SQLite, a connect storm a
 * thousand times over.
 */
const RECENT_MAX = HISTORY_RESUME_MAX + 1;
/** The messages table's layout: 2 has client_id and its index (exactly-once sends). */
const SCHEMA_KEY = 'messages:schema';
const SCHEMA_VERSION = 2;

interface MessageRow extends Record<string, SqlStorageValue> {
  id: number;
  user: string;
  text: string;
  type: string;
  created_at: number;
}

export class MessageStore {
  /** The newest stored id, kept in memory: every `read` is bounded by it. */
  private newest: number | null = null;
  /** The newest messages, oldest first (null until first needed). */
  private recent: ChatMessage[] | null = null;
  /** Whether `recent` is the whole history. */
  private recentIsAll = false;

  constructor(
    private readonly sql: SqlStorage,
    kv: SyncKvStorage,
  ) {
    // The layout is checked once in the room's life, not on every wake: a hibernating room
    // wakes often, and a connect storm wakes a hundred rooms at once.
    if (kv.get(SCHEMA_KEY) === SCHEMA_VERSION) return;
    sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id TEXT,
      user TEXT NOT NULL,
      text TEXT NOT NULL,
      type TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      client_id TEXT
    )`);
    // Rooms created before exactly-once sends get the column on their next start.
    const columns = sql.exec<{ name: string }>('PRAGMA table_info(messages)').toArray();
    if (!columns.some((column) => column.name === 'client_id')) {
      sql.exec('ALTER TABLE messages ADD COLUMN client_id TEXT');
    }
    sql.exec(
      'CREATE UNIQUE INDEX IF NOT EXISTS messages_client_id ON messages (user_id, client_id) WHERE client_id IS NOT NULL',
    );
    kv.put(SCHEMA_KEY, SCHEMA_VERSION);
  }

  add(
    userId: string | null,
    user: string,
    html: string,
    type: MessageType,
    clientId: string | null = null,
  ): ChatMessage {
    const createdAt = Date.now();
    const row = this.sql
      .exec<{ id: number }>(
        'INSERT INTO messages (user_id, user, text, type, created_at, client_id) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
        userId,
        user,
        html,
        type,
        createdAt,
        clientId,
      )
      .one();
    this.newest = row.id;
    if (row.id % TRIM_EVERY === 0) {
      this.sql.exec('DELETE FROM messages WHERE id <= ?', row.id - HISTORY_LIMIT);
    }
    const message: ChatMessage = { id: row.id, user, text: html, messageType: type, createdAt };
    if (this.recent) {
      this.recent.push(message);
      if (this.recent.length > RECENT_MAX) {
        this.recent.shift();
        this.recentIsAll = false;
      }
    }
    return message;
  }

  /** The newest `limit` messages after `afterId`, oldest first. */
  since(afterId: number, limit: number): ChatMessage[] {
    if (limit <= RECENT_MAX) {
      if (!this.recent) {
        this.recent = this.query(0, RECENT_MAX);
        this.recentIsAll = this.recent.length < RECENT_MAX;
      }
      const first = this.recent.findIndex((message) => Number(message.id) > afterId);
      // Answered from memory unless older messages than those kept may be wanted too.
      if (first !== 0 || this.recentIsAll || this.recent.length >= limit) {
        return first === -1 ? [] : this.recent.slice(first).slice(-limit);
      }
    }
    return this.query(afterId, limit);
  }

  private query(afterId: number, limit: number): ChatMessage[] {
    const rows = this.sql
      .exec<MessageRow>(
        'SELECT id, user, text, type, created_at FROM messages WHERE id > ? ORDER BY id DESC LIMIT ?',
        afterId,
        limit,
      )
      .toArray();
    return rows.reverse().map(toMessage);
  }

  /** The newest `limit` messages before `beforeId`, oldest first (loadHistory's pages). */
  before(beforeId: number, limit: number): ChatMessage[] {
    const rows = this.sql
      .exec<MessageRow>(
        'SELECT id, user, text, type, created_at FROM messages WHERE id < ? ORDER BY id DESC LIMIT ?',
        beforeId,
        limit,
      )
      .toArray();
    return rows.reverse().map(toMessage);
  }

  /** The message the person sent with this clientId, if it is still kept. */
  byClientId(userId: string, clientId: string): ChatMessage | null {
    const row = this.sql
      .exec<MessageRow>(
        'SELECT id, user, text, type, created_at FROM messages WHERE user_id = ? AND client_id = ?',
        userId,
        clientId,
      )
      .toArray()[0];
    return row ? toMessage(row) : null;
  }

  latest(): ChatMessage | null {
    // Each summary flush asks (every few seconds in a busy room): memory answers after a join.
    if (this.recent) return this.recent.at(-1) ?? null;
    const row = this.sql
      .exec<MessageRow>(
        'SELECT id, user, text, type, created_at FROM messages ORDER BY id DESC LIMIT 1',
      )
      .toArray()[0];
    return row ? toMessage(row) : null;
  }

  /** The newest message's id (0 in a room without messages). */
  latestId(): number {
    this.newest ??=
      this.sql.exec<{ id: number | null }>('SELECT MAX(id) AS id FROM messages').one().id ?? 0;
    return this.newest;
  }

  count(): number {
    return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM messages').one().n;
  }

  clear() {
    this.sql.exec('DELETE FROM messages');
    this.newest = null;
    this.recent = null;
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
