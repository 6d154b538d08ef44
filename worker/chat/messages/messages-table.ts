/**
 * The messages table's layout in a room's Durable Object SQLite storage, made (or brought up to
 * date) once in the room's life, and the reactions table kept beside it.
 */
import { ensureColumns, type AddedColumn } from '../../lib/sqlite-tables';

/**
 * The messages table's layout: 2 has client_id and its index (exactly-once sends); 3 the
 * message actions: replies, reactions, edits, deletions and mentions, and when a message last
 * changed (a resumption's changes, message-changes.ts); 4 the recovery offset a posted message
 * was broadcast with, and its index (kept-messages.ts); 5 when a message was pinned, and its
 * index (room-pins.ts).
 */
const SCHEMA_KEY = 'messages:schema';
const SCHEMA_VERSION = 5;
/** Columns added after the first layout, for rooms whose table predates them. */
const ADDED_COLUMNS: AddedColumn[] = [
  ['client_id', 'TEXT'],
  ['reply_to', 'INTEGER'],
  ['reply_user', 'TEXT'],
  ['reply_excerpt', 'TEXT'],
  ['reactions', 'TEXT'],
  ['mentions', 'TEXT'],
  ['edited_at', 'INTEGER'],
  ['deleted_at', 'INTEGER'],
  ['changed_at', 'INTEGER'],
  ['files', 'TEXT'],
  ['recovery_offset', 'INTEGER'],
  ['pinned_at', 'INTEGER'],
];

/**
 * Makes the messages and reactions tables and their indexes, or gives a room made before them
 * the columns and indexes it lacks.
 */
export function ensureMessagesTable(sql: SqlStorage, kv: SyncKvStorage) {
  // The layout is checked once in the room's life, not on every wake: a hibernating room
  // wakes often, and a connect storm wakes a hundred rooms at once.
  if (kv.get(SCHEMA_KEY) === SCHEMA_VERSION) return;
  sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id TEXT,
      user TEXT NOT NULL,
      text TEXT NOT NULL,
      type TEXT NOT NULL,
      created_at INTEGER NOT NULL
    )`);
  // Rooms made before a column get it on their next start.
  ensureColumns(sql, 'messages', ADDED_COLUMNS);
  sql.exec(
    'CREATE UNIQUE INDEX IF NOT EXISTS messages_client_id ON messages (user_id, client_id) WHERE client_id IS NOT NULL',
  );
  sql.exec(
    'CREATE INDEX IF NOT EXISTS messages_reply_to ON messages (reply_to) WHERE reply_to IS NOT NULL',
  );
  // One row per person, emoji and message; a message's list is kept with it (reactions).
  sql.exec(`CREATE TABLE IF NOT EXISTS reactions (
      message_id INTEGER NOT NULL,
      emoji TEXT NOT NULL,
      user_id TEXT NOT NULL,
      nickname TEXT NOT NULL,
      UNIQUE (message_id, emoji, user_id)
    )`);
  sql.exec(
    'CREATE INDEX IF NOT EXISTS messages_changed_at ON messages (changed_at) WHERE changed_at IS NOT NULL',
  );
  sql.exec(
    'CREATE INDEX IF NOT EXISTS messages_recovery_offset ON messages (recovery_offset) WHERE recovery_offset IS NOT NULL',
  );
  sql.exec(
    'CREATE INDEX IF NOT EXISTS messages_pinned_at ON messages (pinned_at) WHERE pinned_at IS NOT NULL',
  );
  kv.put(SCHEMA_KEY, SCHEMA_VERSION);
}
