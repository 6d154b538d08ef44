/**
 * The room's part in Web Push (docs/push.md): once per summary flush (about a second after a
 * message, at most every five seconds in a busy room), one message on the 'push' queue about
 * the messages since the last one. Sending a message costs nothing more: the flush reads the
 * new rows back from the room's SQLite, with the members it mentioned (kept for the summary
 * anyway) and the sockets joined right now. The consumer (worker/push/) decides whom to push.
 * A statement in the summary's own D1 batch first asks whether anyone outside the joined
 * sockets has a subscription at all: when nobody has, the new rows are not read and nothing
 * is queued.
 */
import type { PushQueueMessage, RoomPushMessage } from '../../push/push-messages';
import { JOINED, type RoomSockets } from '../sockets/socket-state';

/** The newest message id the push queue was told about. */
const PUSHED_KEY = 'pushedId';
/** The summary's own key (room-summary.ts): where a room starts that never pushed. */
const FLUSHED_KEY = 'flushedId';
/** New rows read per flush at most, newest first (replies further back are not pushed). */
const ROWS_MAX = 500;
/**
 * Members listed as joined at most, and mentioned and replied-to members each: a queue message
 * holds 128 KB, and all three lists at their longest must fit in one (docs/push.md).
 */
export const JOINED_MAX = 2000;
export const MARKED_MAX = 400;

interface NewRow extends Record<string, SqlStorageValue> {
  id: number;
  user_id: string | null;
  reply_user_id: string | null;
}

/** A flush's push, asked before the summary's batch and sent (or not) after it. */
export interface PendingPush {
  roomId: string;
  /** The new messages are those after `from`, up to `newestId`. */
  from: number;
  newestId: number;
  mentioned: ReadonlyMap<string, number>;
  /** Members with a socket joined to the room at the flush. */
  joined: string[];
  /** Answers `{ anyone: 0 | 1 }`: rides in the summary's D1 batch (room-summary.ts). */
  audience: D1PreparedStatement;
}

export class RoomPush {
  constructor(
    private readonly sql: SqlStorage,
    private readonly kv: SyncKvStorage,
    private readonly sockets: RoomSockets,
    private readonly queue: () => Queue<PushQueueMessage> | undefined,
  ) {}

  /**
   * The push for the messages after the last flush's, or null when there are none. Read before
   * the summary is written: a room's first push starts where the summary's last flush stopped.
   */
  prepare(
    db: D1Database,
    roomId: string,
    newestId: number,
    mentioned: ReadonlyMap<string, number>,
  ): PendingPush | null {
    if (!roomId || !this.queue()) return null;
    const from = this.kv.get<number>(PUSHED_KEY) ?? this.kv.get<number>(FLUSHED_KEY) ?? 0;
    if (newestId <= from) return null;
    const joined = this.joinedMembers();
    return { roomId, from, newestId, mentioned, joined, audience: audience(db, roomId, joined) };
  }

  /**
   * Tells the queue about the new messages, unless the audience read found nobody who could be
   * pushed: then the new rows are not even read, and neither the queue nor its consumer's D1
   * read is spent (a room whose members are all here, the common case while it is busy). Never
   * throws: a failed send is tried again with the next flush.
   */
  async send(pending: PendingPush, audienceAnswer: D1Result | undefined) {
    const anyone = (audienceAnswer?.results[0] as { anyone?: number } | undefined)?.anyone;
    try {
      // Null: only notices and deleted messages, nothing to push.
      const message = anyone === 0 ? null : this.describe(pending);
      if (message) await this.queue()?.send(message, { contentType: 'json' });
      this.kv.put(PUSHED_KEY, pending.newestId);
    } catch (error) {
      console.error('[room-push] not queued', error);
    }
  }

  /** The queue message for the pending messages, or null when none is pushed. */
  private describe({ roomId, from, newestId, mentioned, joined }: PendingPush) {
    const rows = this.sql
      .exec<NewRow>(
        `SELECT m.id, m.user_id, r.user_id AS reply_user_id FROM messages m
         LEFT JOIN messages r ON r.id = m.reply_to
         WHERE m.id > ? AND m.id <= ? AND m.type = 'user' AND m.deleted_at IS NULL
         ORDER BY m.id DESC LIMIT ?`,
        from,
        newestId,
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
    return {
      kind: 'room',
      roomId,
      latest,
      mentions,
      replies: [...replies],
      joined,
    } satisfies RoomPushMessage;
  }

  private joinedMembers(): string[] {
    const joined = new Set<string>();
    this.sockets.forEachIn(JOINED, (data) => {
      if (joined.size < JOINED_MAX) joined.add(data.userId);
    });
    return [...joined];
  }
}

/**
 * Whether any member without a joined socket has a subscription and a level other than 'off':
 * a superset of whom the consumer pushes (push-recipients.ts decides the rest), so a 0 is safe.
 */
function audience(db: D1Database, roomId: string, joined: string[]) {
  return db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM memberships m JOIN push_subscriptions s ON s.user_id = m.user_id
         WHERE m.room_id = ?1 AND COALESCE(m.notification_level, '') <> 'off'
           AND m.user_id NOT IN (SELECT value FROM json_each(?2))) AS anyone`,
    )
    .bind(roomId, JSON.stringify(joined));
}
