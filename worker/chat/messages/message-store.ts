/**
 * A room's history in its Durable Object's SQLite storage: ids increase within the room, and
 * only the newest HISTORY_LIMIT messages are kept.
 */
import type { MessageFile } from '../../../contract/files';
import {
  HISTORY_RESUME_MAX,
  type ChatMessage,
  type MessageType,
  type Reaction,
  type ReplyRef,
} from '../../../contract/realtime';
import { ensureColumns, type AddedColumn } from '../../lib/sqlite-tables';

export const HISTORY_LIMIT = 5000;
/** Trimming runs every so many messages rather than on each insert. */
const TRIM_EVERY = 100;
/**
 * The newest messages are kept in memory too, enough for any history frame (history-page.ts
 * asks for one more than it sends): every join read them from SQLite, a connect storm a
 * thousand times over.
 */
const RECENT_MAX = HISTORY_RESUME_MAX + 1;
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
/** What a message is read with: the columns of toMessage. */
export const MESSAGE_COLUMNS =
  'id, user, text, type, created_at, reply_to, reply_user, reply_excerpt, reactions, mentions, edited_at, deleted_at, files';

export interface MessageRow extends Record<string, SqlStorageValue> {
  id: number;
  user: string;
  text: string;
  type: string;
  created_at: number;
  reply_to: number | null;
  reply_user: string | null;
  reply_excerpt: string | null;
  /** JSON of the message's Reaction list. */
  reactions: string | null;
  /** JSON of the mentioned nicknames. */
  mentions: string | null;
  edited_at: number | null;
  deleted_at: number | null;
  /** JSON of the message's MessageFile list. */
  files: string | null;
}

/** What a new message carries besides its text. */
export interface MessageExtras {
  replyTo?: ReplyRef;
  mentions?: string[];
  files?: MessageFile[];
}

export class MessageStore {
  /** The newest stored id, kept in memory: every `read` is bounded by it. */
  private newest: number | null = null;
  /** The newest messages, oldest first (null until first needed). */
  private recent: ChatMessage[] | null = null;
  /** Whether `recent` is the whole history. */
  private recentIsAll = false;

  constructor(
    readonly sql: SqlStorage,
    kv: SyncKvStorage,
    /** The files of messages trimmed from the history: they go too (message-files.ts). */
    private readonly filesTrimmed: (files: MessageFile[]) => void = () => {},
    /** A pinned message was trimmed from the history: the room's pins changed (room-pins.ts). */
    private readonly pinsTrimmed: () => void = () => {},
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

  add(
    userId: string | null,
    user: string,
    html: string,
    type: MessageType,
    clientId: string | null = null,
    extras?: MessageExtras,
    /** The offset it is broadcast with, for a recovery to replay it (kept-messages.ts). */
    recoveryOffset: number | null = null,
  ): ChatMessage {
    const createdAt = Date.now();
    const reply = extras?.replyTo;
    const mentions = extras?.mentions?.length ? extras.mentions : undefined;
    const files = extras?.files?.length ? extras.files : undefined;
    // An ordinary message binds the columns it always had: the others default to NULL.
    const row = (
      reply || mentions || files
        ? this.sql.exec<{ id: number }>(
            `INSERT INTO messages (user_id, user, text, type, created_at, client_id,
               recovery_offset, reply_to, reply_user, reply_excerpt, mentions, files)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
            userId,
            user,
            html,
            type,
            createdAt,
            clientId,
            recoveryOffset,
            reply?.id ?? null,
            reply && 'user' in reply ? reply.user : null,
            reply && 'excerpt' in reply ? reply.excerpt : null,
            mentions ? JSON.stringify(mentions) : null,
            files ? JSON.stringify(files) : null,
          )
        : this.sql.exec<{ id: number }>(
            'INSERT INTO messages (user_id, user, text, type, created_at, client_id, recovery_offset) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
            userId,
            user,
            html,
            type,
            createdAt,
            clientId,
            recoveryOffset,
          )
    ).one();
    this.newest = row.id;
    if (row.id % TRIM_EVERY === 0) this.trim(row.id);
    const message: ChatMessage = { id: row.id, user, text: html, messageType: type, createdAt };
    if (reply) message.replyTo = reply;
    if (mentions) message.mentions = mentions;
    if (files) message.files = files;
    if (this.recent) {
      this.recent.push(message);
      if (this.recent.length > RECENT_MAX) {
        this.recent.shift();
        this.recentIsAll = false;
      }
    }
    return message;
  }

  /**
   * Keeps the newest HISTORY_LIMIT messages, and the reactions and files of those alone (a
   * trimmed message's files are not to be fetched by their url any more than it is read).
   * A trimmed pin goes with its row; the same statement says whether one did, so sends pay
   * nothing for pins.
   */
  private trim(newestId: number) {
    const below = newestId - HISTORY_LIMIT;
    const trimmed = this.sql
      .exec<{
        files: string | null;
        pinned_at: number | null;
      }>('DELETE FROM messages WHERE id <= ? RETURNING files, pinned_at', below)
      .toArray();
    const files = trimmed.flatMap((row) =>
      row.files === null ? [] : (JSON.parse(row.files) as MessageFile[]),
    );
    if (files.length) this.filesTrimmed(files);
    if (trimmed.some((row) => row.pinned_at !== null)) this.pinsTrimmed();
    this.sql.exec('DELETE FROM reactions WHERE message_id <= ?', below);
  }

  /** A stored message with its author's account (null: the moderator), or null. */
  find(id: number): { message: ChatMessage; userId: string | null } | null {
    const row = this.sql
      .exec<MessageRow & { user_id: string | null }>(
        `SELECT ${MESSAGE_COLUMNS}, user_id FROM messages WHERE id = ?`,
        id,
      )
      .toArray()[0];
    return row ? { message: toMessage(row), userId: row.user_id } : null;
  }

  /**
   * Writes a change to a stored message (an edit, a deletion, its reactions) to its row, with
   * the time it changed, and to the copy kept in memory.
   */
  change(id: number, columns: Record<string, SqlStorageValue>, message: ChatMessage) {
    const names = Object.keys(columns);
    this.sql.exec(
      `UPDATE messages SET ${names.map((name) => `${name} = ?`).join(', ')}, changed_at = ? WHERE id = ?`,
      ...names.map((name) => columns[name]!),
      Date.now(),
      id,
    );
    this.replaceRecent(id, () => message);
  }

  /** The replies to `id` now quote it as `replyTo` (an edit's new excerpt, or deleted). */
  changeReplies(id: number, replyTo: ReplyRef): number[] {
    const deleted = 'deleted' in replyTo;
    const replies = this.sql
      .exec<{ id: number }>(
        `UPDATE messages SET reply_user = ?, reply_excerpt = ?, changed_at = ?
         WHERE reply_to = ? AND deleted_at IS NULL RETURNING id`,
        deleted ? null : replyTo.user,
        deleted ? null : replyTo.excerpt,
        Date.now(),
        id,
      )
      .toArray()
      .map((row) => row.id);
    for (const reply of replies) {
      this.replaceRecent(reply, (message) => ({ ...message, replyTo }));
    }
    return replies;
  }

  private replaceRecent(id: number, update: (message: ChatMessage) => ChatMessage) {
    const recent = this.recent;
    if (!recent) return;
    const index = recent.findIndex((message) => message.id === id);
    if (index !== -1) recent[index] = update(recent[index]!);
  }

  /** Messages changed at or after `since`, up to id `upToId`, newest changes first. */
  changedSince(since: number, upToId: number, limit: number): ChatMessage[] {
    return this.sql
      .exec<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM messages
         WHERE changed_at >= ? AND id <= ? ORDER BY changed_at DESC LIMIT ?`,
        since,
        upToId,
        limit,
      )
      .toArray()
      .map(toMessage);
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
        `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id > ? ORDER BY id DESC LIMIT ?`,
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
        `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id < ? ORDER BY id DESC LIMIT ?`,
        beforeId,
        limit,
      )
      .toArray();
    return rows.reverse().map(toMessage);
  }

  /** The oldest `limit` messages after `afterId`, oldest first (loadHistory's `after`). */
  after(afterId: number, limit: number): ChatMessage[] {
    return this.sql
      .exec<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id > ? ORDER BY id LIMIT ?`,
        afterId,
        limit,
      )
      .toArray()
      .map(toMessage);
  }

  /** The ids from `firstId` to `lastId` that `userId`'s account wrote (a history page's own). */
  idsBy(userId: string, firstId: number, lastId: number): Set<number> {
    const rows = this.sql
      .exec<{ id: number }>(
        'SELECT id FROM messages WHERE id BETWEEN ? AND ? AND user_id = ?',
        firstId,
        lastId,
        userId,
      )
      .toArray();
    return new Set(rows.map((row) => row.id));
  }

  /** The message the person sent with this clientId, if it is still kept. */
  byClientId(userId: string, clientId: string): ChatMessage | null {
    const row = this.sql
      .exec<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE user_id = ? AND client_id = ?`,
        userId,
        clientId,
      )
      .toArray()[0];
    return row ? toMessage(row) : null;
  }

  /** The newest message not deleted: what the room list shows of the room. */
  latest(): ChatMessage | null {
    // Each summary flush asks (every few seconds in a busy room): memory answers after a join.
    const shown = this.recent?.findLast((message) => !message.deleted);
    if (shown || (this.recent && this.recentIsAll)) return shown ?? null;
    const row = this.sql
      .exec<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1`,
      )
      .toArray()[0];
    return row ? toMessage(row) : null;
  }

  /** Which of `ids` are stored and not deleted (one statement, however many). */
  notDeleted(ids: Iterable<number>): Set<number> {
    const rows = this.sql
      .exec<{ id: number }>(
        'SELECT id FROM messages WHERE id IN (SELECT value FROM json_each(?)) AND deleted_at IS NULL',
        JSON.stringify([...new Set(ids)]),
      )
      .toArray();
    return new Set(rows.map((row) => row.id));
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
    this.sql.exec('DELETE FROM reactions');
    this.newest = null;
    this.recent = null;
  }
}

/** A row as the contract's message: the fields of the actions only when they are set. */
export function toMessage(row: MessageRow): ChatMessage {
  const message: ChatMessage = {
    id: row.id,
    user: row.user,
    text: row.text,
    messageType: row.type as MessageType,
    createdAt: row.created_at,
  };
  if (row.reply_to !== null) {
    message.replyTo =
      row.reply_user === null
        ? { id: row.reply_to, deleted: true }
        : { id: row.reply_to, user: row.reply_user, excerpt: row.reply_excerpt ?? '' };
  }
  if (row.deleted_at !== null) {
    message.deleted = true;
    return message;
  }
  if (row.reactions !== null) message.reactions = JSON.parse(row.reactions) as Reaction[];
  if (row.mentions !== null) message.mentions = JSON.parse(row.mentions) as string[];
  if (row.edited_at !== null) message.editedAt = row.edited_at;
  if (row.files !== null) message.files = JSON.parse(row.files) as MessageFile[];
  return message;
}
