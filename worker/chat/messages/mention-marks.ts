/**
 * The room list's '@' (memberships.last_mention_id) once a mention is deleted. The summary
 * flush raises each mentioned member's mark to their newest mention; a deletion after that
 * would leave it on the deleted message until they read past it, and one before it dropped
 * the person's older mentions of the same flush with it. So a deletion of a message with
 * mentions names its members here, and the next flush sets each one's mark to their newest
 * mention still in the room's history (0: none, and the '@' goes).
 */
export class MentionMarks {
  /** User id → the nickname a deleted message mentioned them under, since the last flush. */
  private removed = new Map<string, string>();

  constructor(private readonly sql: SqlStorage) {}

  /** A deleted message mentioned this member (not its author) under this nickname. */
  mentionDeleted(userId: string, nickname: string) {
    this.removed.set(userId, nickname);
  }

  /** Each member's mark as it is now (`marks`), and what to put back if the flush fails. */
  take(): { marks: Map<string, number>; taken: Map<string, string> } {
    const taken = this.removed;
    this.removed = new Map();
    const marks = new Map<string, number>();
    for (const [userId, nickname] of taken) marks.set(userId, this.newest(userId, nickname));
    return { marks, taken };
  }

  /** The flush failed: the next one sets these marks (read again then, as they are). */
  putBack(taken: Map<string, string>) {
    for (const [userId, nickname] of taken) {
      if (!this.removed.has(userId)) this.removed.set(userId, nickname);
    }
  }

  /** The members whose marks a flush still owes D1 (summary-owed.ts). */
  owed(): [string, string][] {
    return [...this.removed];
  }

  clear() {
    this.removed.clear();
  }

  /**
   * Their newest mention still stored, not by themselves (a mention of oneself marks nothing).
   * A deletion empties the message's mentions, so only live ones are found. Read from the
   * messages with mentions alone, and only after such a deletion: never on a message's path.
   */
  private newest(userId: string, nickname: string): number {
    return (
      this.sql
        .exec<{ id: number | null }>(
          `SELECT MAX(m.id) AS id FROM messages m, json_each(m.mentions) j
           WHERE m.mentions IS NOT NULL AND j.value = ? AND m.user_id IS NOT ?`,
          nickname,
          userId,
        )
        .one().id ?? 0
    );
  }
}
