/**
 * A room's history in its Durable Object's SQLite storage: ids increase within the room, and
 * only the newest HISTORY_LIMIT messages are kept. The store writes it and keeps the newest
 * messages in memory; the table's layout is messages-table.ts, its plain reads message-reads.ts.
 */
import type { MessageFile } from '../../../contract/files';
import {
  HISTORY_RESUME_MAX,
  type ChatMessage,
  type MessageType,
  type ReplyRef,
} from '../../../contract/realtime';
import { MessageReads } from './message-reads';
import { MESSAGE_COLUMNS, toMessage, type MessageRow } from './message-row';
import { ensureMessagesTable } from './messages-table';

export const HISTORY_LIMIT = 5000;
/** Trimming is due every so many messages rather than on each insert. */
export const TRIM_EVERY = 100;
/**
 * The newest messages are kept in memory too, enough for any history frame (history-page.ts
 * asks for one more than it sends): every join read them from SQLite, a connect storm a
 * thousand times over.
 */
const RECENT_MAX = HISTORY_RESUME_MAX + 1;

/** What a new message carries besides its text. */
export interface MessageExtras {
  replyTo?: ReplyRef;
  mentions?: string[];
  files?: MessageFile[];
}

export class MessageStore extends MessageReads {
  /** The newest stored id, kept in memory: every `read` is bounded by it. */
  private newest: number | null = null;
  /** The newest messages, oldest first (null until first needed). */
  private recent: ChatMessage[] | null = null;
  /** Whether `recent` is the whole history. */
  private recentIsAll = false;
  /** A message's id made a trim due, and it has not run yet (trimIfDue). */
  private trimDue = false;

  constructor(
    sql: SqlStorage,
    kv: SyncKvStorage,
    /** The files of messages trimmed from the history: they go too (message-files.ts). */
    private readonly filesTrimmed: (files: MessageFile[]) => void = () => {},
    /** A pinned message was trimmed from the history: the room's pins changed (room-pins.ts). */
    private readonly pinsTrimmed: () => void = () => {},
  ) {
    super(sql);
    ensureMessagesTable(sql, kv);
  }

  /**
   * Stores a message, and runs the trim it makes due: for a caller outside any broadcast. A
   * stored broadcast (message-posting.ts) stores with addDeferringTrim instead.
   */
  add(...args: Parameters<MessageStore['addDeferringTrim']>): ChatMessage {
    const message = this.addDeferringTrim(...args);
    this.trimIfDue();
    return message;
  }

  /**
   * Stores a message, and only notes a trim it makes due: the trim may tell the room its pins
   * changed, a broadcast of its own, which may not come inside the message's stored broadcast
   * (socket-io/engine.ts). The caller runs trimIfDue once the message is sent.
   */
  addDeferringTrim(
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
    if (row.id % TRIM_EVERY === 0) this.trimDue = true;
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
   * Runs the trim a stored message made due, if one did: keeps the newest HISTORY_LIMIT
   * messages, and the reactions and files of those alone (a trimmed message's files are not to
   * be fetched by their url any more than it is read). A trimmed pin goes with its row; the
   * same statement says whether one did, so sends pay nothing for pins. A statement that
   * fails leaves the trim due, for the next call.
   */
  trimIfDue() {
    if (!this.trimDue) return;
    const below = this.latestId() - HISTORY_LIMIT;
    // The reactions first: once the rows' own statement answers, nothing fails before it is told.
    this.sql.exec('DELETE FROM reactions WHERE message_id <= ?', below);
    const trimmed = this.sql
      .exec<{
        files: string | null;
        pinned_at: number | null;
      }>('DELETE FROM messages WHERE id <= ? RETURNING files, pinned_at', below)
      .toArray();
    const files = trimmed.flatMap((row) =>
      row.files === null ? [] : (JSON.parse(row.files) as MessageFile[]),
    );
    this.trimDue = false;
    if (files.length) this.filesTrimmed(files);
    if (trimmed.some((row) => row.pinned_at !== null)) this.pinsTrimmed();
  }

  /**
   * Writes a change to a stored message (an edit, a deletion, its reactions) to its row, with
   * the time it changed, and to the copy kept in memory.
   */
  change(id: number, columns: Record<string, SqlStorageValue>, message: ChatMessage) {
    const names = Object.keys(columns);
    // changed_at is always set, so no columns is a change of its time alone, not bad SQL.
    const sets = [...names.map((name) => `${name} = ?`), 'changed_at = ?'];
    this.sql.exec(
      `UPDATE messages SET ${sets.join(', ')} WHERE id = ?`,
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

  /** The newest `limit` messages after `afterId`, oldest first. */
  since(afterId: number, limit: number): ChatMessage[] {
    // None asked, none answered: slice(-0) is the whole list, and SQLite's LIMIT -1 no limit.
    if (limit <= 0) return [];
    if (limit <= RECENT_MAX) {
      if (!this.recent) {
        this.recent = this.newestAfter(0, RECENT_MAX);
        this.recentIsAll = this.recent.length < RECENT_MAX;
      }
      const first = this.recent.findIndex((message) => Number(message.id) > afterId);
      // Answered from memory unless older messages than those kept may be wanted too.
      if (first !== 0 || this.recentIsAll || this.recent.length >= limit) {
        return first === -1 ? [] : this.recent.slice(first).slice(-limit);
      }
    }
    return this.newestAfter(afterId, limit);
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

  /** The newest message's id (0 in a room without messages). */
  latestId(): number {
    this.newest ??=
      this.sql.exec<{ id: number | null }>('SELECT MAX(id) AS id FROM messages').one().id ?? 0;
    return this.newest;
  }

  clear() {
    this.sql.exec('DELETE FROM messages');
    this.sql.exec('DELETE FROM reactions');
    this.newest = null;
    this.recent = null;
    this.trimDue = false;
  }
}
