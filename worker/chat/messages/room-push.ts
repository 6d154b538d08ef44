/**
 * The room's part in Web Push (docs/push.md): once per summary flush (about a second after a
 * message, at most every five seconds in a busy room), one message on the 'push' queue about
 * the messages since the last one. Sending a message costs nothing more: the flush reads the
 * new rows back from the room's SQLite, with the members it mentioned (kept for the summary
 * anyway) and the sockets joined right now. The consumer (worker/push/) decides whom to push.
 */
import type { PushQueueMessage, RoomPushMessage } from '../../push/push-messages';
import { JOINED, type RoomSockets } from '../sockets/socket-state';

/** The newest message id the push queue was told about. */
const PUSHED_KEY = 'pushedId';
/** The summary's own key (room-summary.ts): where a room starts that never pushed. */
const FLUSHED_KEY = 'flushedId';
/** New rows read per flush at most, newest first (replies further back are not pushed). */
const ROWS_MAX = 500;
/** Members listed as joined at most (a queue message holds 128 KB): see docs/push.md. */
const JOINED_MAX = 2500;
/** Mentioned and replied-to members listed at most, each. */
const MARKED_MAX = 1000;

interface NewRow extends Record<string, SqlStorageValue> {
  id: number;
  user_id: string | null;
  reply_user_id: string | null;
}

export class RoomPush {
  constructor(
    private readonly sql: SqlStorage,
    private readonly kv: SyncKvStorage,
    private readonly sockets: RoomSockets,
    private readonly queue: () => Queue<PushQueueMessage> | undefined,
  ) {}

  /**
   * Tells the queue about the messages after the last flush's. `mentioned` is the summary's
   * map (member → newest message mentioning them); ids before the range are edits' mentions,
   * not pushed. Never throws: a failed send is tried again with the next flush.
   */
  async flush(roomId: string, newestId: number, mentioned: ReadonlyMap<string, number>) {
    const queue = this.queue();
    if (!roomId || !queue) return;
    const from = this.kv.get<number>(PUSHED_KEY) ?? this.kv.get<number>(FLUSHED_KEY) ?? 0;
    if (newestId <= from) return;
    const message = this.describe(roomId, from, mentioned);
    try {
      if (message) await queue.send(message, { contentType: 'json' });
      this.kv.put(PUSHED_KEY, newestId);
    } catch (error) {
      console.error('[room-push] not queued', error);
    }
  }

  /** The queue message for the messages after `from`, or null when none is pushed. */
  private describe(roomId: string, from: number, mentioned: ReadonlyMap<string, number>) {
    const rows = this.sql
      .exec<NewRow>(
        `SELECT m.id, m.user_id, r.user_id AS reply_user_id FROM messages m
         LEFT JOIN messages r ON r.id = m.reply_to
         WHERE m.id > ? AND m.type = 'user' AND m.deleted_at IS NULL
         ORDER BY m.id DESC LIMIT ?`,
        from,
        ROWS_MAX,
      )
      .toArray();
    if (rows.length === 0) return null;
    const latest: RoomPushMessage['latest'] = [{ id: rows[0]!.id, authorId: rows[0]!.user_id }];
    const other = rows.find((row) => row.user_id !== rows[0]!.user_id);
    if (other) latest.push({ id: other.id, authorId: other.user_id });
    const replies = new Map<string, number>();
    for (const row of rows) {
      const to = row.reply_user_id;
      if (to && to !== row.user_id && !replies.has(to) && replies.size < MARKED_MAX) {
        replies.set(to, row.id);
      }
    }
    const mentions = [...mentioned].filter(([, id]) => id > from).slice(0, MARKED_MAX);
    const joined = new Set<string>();
    this.sockets.forEachIn(JOINED, (data) => {
      if (joined.size < JOINED_MAX) joined.add(data.userId);
    });
    return {
      kind: 'room',
      roomId,
      latest,
      mentions,
      replies: [...replies],
      joined: [...joined],
    } satisfies RoomPushMessage;
  }
}
