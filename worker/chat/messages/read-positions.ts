/**
 * Each member's read position in the room: the newest message id they have seen (the client's
 * `read`) or sent. Moving one costs memory only; the summary flush (room-summary.ts) takes the
 * moved positions every few seconds, keeps them in the object's SQLite storage and writes
 * them to D1 in its one batch. A member's unread count is then the room's newest id minus
 * their position: sending moves the sender's position to their message, so every message
 * after a position is someone else's.
 */
import { ensureTable } from '../../lib/sqlite-tables';

export class ReadPositions {
  /** Positions known in memory (read from storage on first use after a wake). */
  private readonly known = new Map<string, number>();
  /** Positions moved since the last flush. */
  private moved = new Map<string, number>();

  constructor(private readonly sql: SqlStorage) {
    ensureTable(sql, 'read_positions', 'user_id TEXT PRIMARY KEY, message_id INTEGER NOT NULL');
  }

  /** The person's position (0 when the room has none for them). */
  position(userId: string): number {
    let position = this.known.get(userId);
    if (position === undefined) {
      const row = this.sql
        .exec<{ message_id: number }>(
          'SELECT message_id FROM read_positions WHERE user_id = ?',
          userId,
        )
        .toArray()[0];
      position = row?.message_id ?? 0;
      this.known.set(userId, position);
    }
    return position;
  }

  /**
   * The person has seen `messageId` (at most the newest id). A position never moves back.
   * Returns whether it moved.
   */
  read(userId: string, messageId: number, newestId: number): boolean {
    const target = Math.min(messageId, newestId);
    if (target <= this.position(userId)) return false;
    this.set(userId, target);
    return true;
  }

  /**
   * The person sent message `messageId`, the newest there is: no lookup, O(1) on the hot path
   * (an id just stored is beyond every position).
   */
  sent(userId: string, messageId: number) {
    this.set(userId, messageId);
  }

  get pending(): boolean {
    return this.moved.size > 0;
  }

  /** The positions moved since the last flush, stored in the object's SQLite storage too. */
  take(): Map<string, number> {
    const moved = this.moved;
    this.moved = new Map();
    for (const [userId, messageId] of moved) {
      this.sql.exec(
        `INSERT INTO read_positions (user_id, message_id) VALUES (?, ?)
         ON CONFLICT(user_id) DO UPDATE SET message_id = MAX(message_id, excluded.message_id)`,
        userId,
        messageId,
      );
    }
    return moved;
  }

  /** A flush that failed: its positions go out with the next one (unless moved on since). */
  putBack(taken: Map<string, number>) {
    for (const [userId, messageId] of taken) {
      if (!this.moved.has(userId)) this.moved.set(userId, messageId);
    }
  }

  /** The positions moved and not yet written to D1 (a failed flush keeps them, summary-owed.ts). */
  owed(): [string, number][] {
    return [...this.moved];
  }

  /** Positions a failed flush before this wake owed D1: the next flush writes them. */
  restore(owed: [string, number][]) {
    for (const [userId, messageId] of owed) {
      this.moved.set(userId, Math.max(messageId, this.moved.get(userId) ?? 0));
    }
  }

  clear() {
    this.known.clear();
    this.moved.clear();
    this.sql.exec('DELETE FROM read_positions');
  }

  private set(userId: string, messageId: number) {
    this.known.set(userId, messageId);
    this.moved.set(userId, messageId);
  }
}
