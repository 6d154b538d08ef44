/**
 * The reads of a room's history (messages-table.ts) that go to SQLite every time. MessageStore
 * (message-store.ts) builds on them: it writes, and keeps the newest messages in memory for the
 * reads asked on every join and summary (`since`, `latest`).
 */
import type { ChatMessage } from '../../../contract/realtime';
import { MESSAGE_COLUMNS, toMessage, type MessageRow } from './message-row';

export class MessageReads {
  constructor(readonly sql: SqlStorage) {}

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

  /** The newest `limit` messages after `afterId`, oldest first, from SQLite. */
  protected newestAfter(afterId: number, limit: number): ChatMessage[] {
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

  count(): number {
    return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM messages').one().n;
  }
}
