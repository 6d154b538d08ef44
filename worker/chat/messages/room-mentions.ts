/**
 * What the room list's '@' (memberships.last_mention_id) learns at the next summary flush: the
 * members mentioned since the last one, each with their newest mention, and the marks a
 * deleted or edited mention moved (mention-marks.ts). A flush takes them; a failed one gives
 * them back, and what is owed outlives a restart through summary-owed.ts.
 */
import { MentionMarks } from './mention-marks';
import type { MessageStore } from './message-store';
import type { SummaryOwed } from './summary-owed';

/** What one flush carries of the mentions. */
export interface TakenMentions {
  /** User id → the newest live message mentioning them: their mark is raised to it. */
  mentioned: Map<string, number>;
  /** User id → their mark as it is after a deletion (set, not raised; 0 clears it). */
  marks: Map<string, number>;
  /** Who the push names as mentioned: both of the above, but a cleared mark. */
  pushed: Map<string, number>;
  /** What the marks were taken from, for a failed flush to give back. */
  marksTaken: Map<string, string>;
}

export class RoomMentions {
  /** Members mentioned since the last flush: user id → the newest message mentioning them. */
  private mentioned = new Map<string, number>();
  private readonly marks: MentionMarks;

  constructor(
    sql: SqlStorage,
    private readonly store: MessageStore,
  ) {
    this.marks = new MentionMarks(sql);
  }

  /** A message mentions these members. */
  note(userIds: string[], messageId: number) {
    for (const userId of userIds) {
      this.mentioned.set(userId, Math.max(messageId, this.mentioned.get(userId) ?? 0));
    }
  }

  /** A deleted (or edited) message mentioned this member under this nickname. */
  deleted(userId: string, nickname: string) {
    this.marks.mentionDeleted(userId, nickname);
  }

  /**
   * Everything for this flush. Mentions whose message was deleted before it are neither pushed
   * (the notification would fetch a message that is gone and show nothing, where a browser may
   * put up a notice of its own) nor marked '@'. Only the newest mention of each person is kept
   * here; an older one that stays is the person's mark, since the deletion named them.
   */
  take(): TakenMentions {
    const { marks, taken: marksTaken } = this.marks.take();
    const mentioned = this.withoutDeleted(this.mentioned, marks);
    this.mentioned = new Map();
    const pushed =
      marks.size === 0
        ? mentioned
        : new Map([...mentioned, ...[...marks].filter(([, id]) => id > 0)]);
    return { mentioned, marks, pushed, marksTaken };
  }

  /** The flush failed: its mentions go with the next one, beside any noted since (newer). */
  putBack({ mentioned, marksTaken }: TakenMentions) {
    this.marks.putBack(marksTaken);
    for (const [userId, id] of mentioned) {
      this.mentioned.set(userId, Math.max(id, this.mentioned.get(userId) ?? 0));
    }
  }

  /** What a failed flush leaves owed, to keep in storage. */
  owed(): Pick<SummaryOwed, 'mentioned' | 'marks'> {
    return { mentioned: [...this.mentioned], marks: this.marks.owed() };
  }

  /** What a failure before this wake left owed. */
  restore(owed: Pick<SummaryOwed, 'mentioned' | 'marks'>) {
    this.mentioned = new Map(owed.mentioned);
    this.marks.putBack(new Map(owed.marks));
  }

  clear() {
    this.mentioned.clear();
    this.marks.clear();
  }

  private withoutDeleted(mentioned: Map<string, number>, marks: Map<string, number>) {
    if (mentioned.size === 0) return mentioned;
    const live = this.store.notDeleted(mentioned.values());
    return new Map([...mentioned].filter(([userId, id]) => live.has(id) && !marks.has(userId)));
  }
}
