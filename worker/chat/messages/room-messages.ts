/**
 * A room's messages on their way: posted exactly once, in batches, and acknowledged
 * (message-posting.ts), stored in the object's SQLite (message-store.ts), delivered, and summed
 * up for D1 by the alarm a little later (room-summary.ts), with the members' read positions
 * (read-positions.ts).
 */
import type { MessageFile } from '../../../contract/files';
import { refused, type ChatMessage, type Refused } from '../../../contract/realtime';
import type { RoomSockets } from '../sockets/socket-state';
import { MessageChanges } from './message-changes';
import { MessageFiles } from './message-files';
import { MentionMarks } from './mention-marks';
import { OwedSummary } from './summary-owed';
import { MessagePosting, type Post, type PostAnswer } from './message-posting';
import { MessageStore } from './message-store';
import { ReadPositions } from './read-positions';
import { flushRoomSummary } from './room-summary';
import type { PushQueueMessage } from '../../push/push-messages';
import { RoomPush } from './room-push';
import { dropSearchIndex, forgetIndexedWords } from './search-index';
import { SeenPositions } from './seen-positions';

/** Why a send is refused once its room is deleted (the client says the same on /join). */
export const ROOM_DELETED = 'This room was deleted.';
/** Why a send still waiting for its batch is refused once its sender is removed. */
export const SENDER_REMOVED = 'You were removed from this room';
const DELETED: Refused = refused('room_deleted', ROOM_DELETED);
const REMOVED: Refused = refused('sender_removed', SENDER_REMOVED);

/** A quiet room's summary reaches D1 a second after its message... */
const SUMMARY_DELAY_MS = 1000;
/**
 * ...and a busy room's at most every five seconds: each flush is a D1 batch, and the room list
 * that reads it polls every five seconds anyway.
 */
const BUSY_SUMMARY_INTERVAL_MS = 5000;
/**
 * Each of those waits is a quarter shorter or longer, at random. Rooms that got a message at the
 * same moment (an administrator's broadcast reaches every room at once) would otherwise write to
 * D1 in the same instant, and again every five seconds while they stay busy. (In the many-rooms
 * bench this scattered its slowest seconds without making them faster: that tail is the shared
 * thread's, bench/results/2026-11-29.md.)
 */
const SUMMARY_SPREAD = 0.25;
/**
 * A failed summary flush and files whose removal failed are tried again with every flush, and
 * at least this often while they fail (R2 or D1 down), by an alarm of their own: a room that
 * went quiet, or that nobody is in, has no next flush to bring them. It ends once they went.
 */
const RETRY_AFTER_FAILURE_MS = 5 * 60_000;
/**
 * A summary failing this many times in a row (an hour) stops asking for the alarm: D1 is down
 * for longer, and the next message's flush carries it all the same.
 */
const SUMMARY_RETRIES_MAX = 12;

export interface MessagesDeps {
  storage: DurableObjectStorage;
  db: () => D1Database;
  /** Which room this is (room-identity.ts). */
  identity: { readonly id: string; readonly deleted: boolean };
  /** The room's sockets: a stored message goes to everyone joined. */
  sockets: RoomSockets;
  /** The bucket of the room's files (R2). */
  bucket: () => R2Bucket;
  /** Asks for the object's alarm (which calls flushSummary) at this time, unless sooner. */
  wakeAt: (at: number) => Promise<void>;
  /** The 'push' queue: each flush tells it about the new messages (room-push.ts). */
  pushQueue: () => Queue<PushQueueMessage> | undefined;
}

export class RoomMessages {
  readonly store: MessageStore;
  /** Members' read positions, on their way to D1 with the summary (unread counts). */
  readonly reads: ReadPositions;
  /** Reactions, edits and deletions of stored messages. */
  readonly changes: MessageChanges;
  /** Who has read how far, for those who share it ('Seen by'). */
  readonly seen: SeenPositions;
  /** The members' uploads, which messages carry (message-files.ts). */
  readonly files: MessageFiles;
  /** Members mentioned since the last flush: user id → the newest message mentioning them. */
  private mentioned = new Map<string, number>();
  /** Members whose '@' mark a deleted mention may have left wrong (mention-marks.ts). */
  private readonly mentionMarks: MentionMarks;
  /** Summary flushes failed in a row: each asks for a retry, up to SUMMARY_RETRIES_MAX. */
  private failedFlushes = 0;
  /** What a failed flush owes D1, kept in storage until a flush writes it. */
  private readonly owed: OwedSummary;
  private readonly posting: MessagePosting;
  private readonly push: RoomPush;
  private summaryScheduled = false;
  /** When the summary last wrote to D1 (0: not since this instance woke). */
  private summaryWrittenAt = 0;

  constructor(private readonly deps: MessagesDeps) {
    const { sql, kv } = deps.storage;
    this.files = new MessageFiles(sql, deps.bucket, deps.db, () => deps.identity.id);
    this.store = new MessageStore(sql, kv, (files) => void this.removeFiles(files));
    this.reads = new ReadPositions(sql);
    this.mentionMarks = new MentionMarks(sql);
    this.posting = new MessagePosting(this.store, this.reads, deps.sockets);
    this.changes = new MessageChanges(
      this.store,
      deps.sockets,
      () => {
        deps.storage.kv.put('excerptStale', true);
        this.scheduleSummary();
      },
      (id) => forgetIndexedWords(sql, kv, id),
    );
    this.seen = new SeenPositions(sql, deps.sockets);
    this.push = new RoomPush(sql, kv, deps.sockets, deps.pushQueue);
    this.owed = new OwedSummary(kv);
    const owed = this.owed.read();
    if (owed) {
      this.mentioned = new Map(owed.mentioned);
      this.mentionMarks.putBack(new Map(owed.marks));
      this.reads.restore(owed.reads);
    }
    // Removals a failure (or a restart) interrupted, a summary one failed: the flush ends them.
    if (this.files.removalsOwed || owed) this.scheduleSummary();
  }

  /**
   * A deleted or trimmed message's files go for good (message-files.ts). A failure is logged,
   * and the summary flush tries them again.
   */
  removeFiles(files: MessageFile[]): Promise<void> {
    if (files.length === 0) return Promise.resolve();
    return this.files.remove(files).catch((error: unknown) => {
      console.error('[room-messages] files of a removed message not removed yet', error);
      this.scheduleSummary();
    });
  }

  /** A send's files were stored with its message: D1 learns it with the next summary. */
  filesSent() {
    this.scheduleSummary();
  }

  /** Members a message mentions: the room list shows them an '@' until they read it. */
  noteMentions(userIds: string[], messageId: number) {
    for (const userId of userIds) {
      this.mentioned.set(userId, Math.max(messageId, this.mentioned.get(userId) ?? 0));
    }
    if (userIds.length) this.scheduleSummary();
  }

  /**
   * A deleted message mentioned this member (not its author): the next flush sets their mark
   * to their newest mention left. Asked for here too: named after the members' read (a woken
   * room), this may come after the flush the deletion asked for.
   */
  mentionDeleted(userId: string, nickname: string) {
    this.mentionMarks.mentionDeleted(userId, nickname);
    this.scheduleSummary();
  }

  /** A resend of a message already stored or queued gets the first one's answer (true). */
  resend(userId: string, clientId: string, answer: PostAnswer): boolean {
    return this.posting.resend(userId, clientId, answer);
  }

  /**
   * Posts a message from a person (or the moderator, userId null): stored, answered, then
   * delivered (message-posting.ts); refused in a deleted room.
   */
  send(post: Post) {
    if (this.deps.identity.deleted) return post.answer(DELETED);
    this.posting.post(post);
    this.scheduleSummary();
  }

  /** send(), answered as a promise: for the moderator's broadcasts (and tests). */
  post(userId: string | null, nickname: string, html: string): Promise<ChatMessage> {
    return new Promise((resolve, reject) =>
      this.send({
        userId,
        nickname,
        html,
        answer: (outcome) => ('createdAt' in outcome ? resolve(outcome) : reject(asError(outcome))),
      }),
    );
  }

  /**
   * The person has seen `messageId`: their position moves (memory until the flush). Answers the
   * message it stands for, bounded by the newest ('seen' may move even when the unread position,
   * which their own sends moved, does not).
   */
  markRead(userId: string, messageId: number): number {
    const newest = this.store.latestId();
    if (this.reads.read(userId, messageId, newest)) this.scheduleSummary();
    return Math.min(messageId, newest);
  }

  /** From the alarm: the summary and the moved read positions go to D1. */
  async flushSummary() {
    this.summaryScheduled = false;
    const { db, storage, identity } = this.deps;
    const { marks: mentionMarks, taken: marksTaken } = this.mentionMarks.take();
    const mentioned = this.withoutDeleted(this.mentioned, mentionMarks);
    this.mentioned = new Map();
    const filesSent = this.files.takeSent();
    // The push is read before the summary is written, and asks who could get it in its batch.
    const pushed = withMarks(mentioned, mentionMarks);
    const push = this.push.prepare(db(), identity.id, this.store.latestId(), pushed);
    const { kv } = storage;
    const parts = { kv, store: this.store, reads: this.reads, mentioned, mentionMarks, filesSent };
    try {
      const flush = { ...parts, alsoRead: push?.audience };
      const { wrote, alsoRead } = await flushRoomSummary(db(), identity.id, flush);
      if (wrote) this.summaryWrittenAt = Date.now();
      this.failedFlushes = 0;
      this.owed.paid();
      this.files.reported(filesSent);
      if (push) await this.push.send(push, alsoRead);
    } catch (error) {
      this.files.putBack(filesSent);
      this.mentionMarks.putBack(marksTaken);
      // Mentions moved meanwhile are newer than these: both go with the next flush.
      for (const [userId, id] of mentioned) {
        this.mentioned.set(userId, Math.max(id, this.mentioned.get(userId) ?? 0));
      }
      // What failed is kept (the excerpt's staleness in storage, the rest here and there): the
      // alarm brings the next flush, though nobody writes in the room any more.
      const marks = this.mentionMarks.owed();
      this.owed.keep({ mentioned: [...this.mentioned], marks, reads: this.reads.owed() });
      if (++this.failedFlushes <= SUMMARY_RETRIES_MAX) await this.retryAfterFailure();
      throw error;
    } finally {
      // Whatever the summary did: a D1 fault that failed it would otherwise leave the removals
      // with no retry of their own, and a room nobody is in has no next flush to bring one.
      if (this.files.removalsOwed) await this.finishFileRemovals();
    }
  }

  /**
   * Mentions whose message was deleted before the flush: neither pushed (the notification would
   * fetch a message that is gone and show nothing, where a browser may put up a notice of its
   * own) nor marked '@' in the room list. Only the newest mention of each person is kept here;
   * an older one that stays is the person's mark (`marks`, which replace theirs here), since
   * the deletion named them (mentionDeleted).
   */
  private withoutDeleted(
    mentioned: Map<string, number>,
    marks: Map<string, number>,
  ): Map<string, number> {
    if (mentioned.size === 0) return mentioned;
    const live = this.store.notDeleted(mentioned.values());
    return new Map([...mentioned].filter(([userId, id]) => live.has(id) && !marks.has(userId)));
  }

  /** Files whose removal failed: tried again by each flush, and on failure in a while. */
  private async finishFileRemovals() {
    try {
      await this.files.finishRemovals();
    } catch (error) {
      console.error('[room-messages] files still not removed', error);
      await this.retryAfterFailure();
    }
  }

  /** The one place a failure asks for the alarm (RETRY_AFTER_FAILURE_MS), which flushes. */
  private async retryAfterFailure() {
    await this.deps.wakeAt(Date.now() + RETRY_AFTER_FAILURE_MS).catch((error: unknown) => {
      console.error('[room-messages] retry alarm', error);
    });
  }

  /**
   * A kick: the person's sends that are not stored yet never will be. Without this a message
   * sent a moment before the kick was stored and shown after "was removed from the room".
   */
  discardFrom(userId: string) {
    this.posting.discard(REMOVED, userId);
  }

  /**
   * The room was deleted: its history (its search index too) and read positions go, and sends
   * not yet stored.
   */
  clear() {
    this.posting.discard(DELETED);
    this.store.clear();
    dropSearchIndex(this.deps.storage.sql, this.deps.storage.kv);
    this.reads.clear();
    this.seen.clear();
    this.files.clear();
    this.mentioned.clear();
    this.mentionMarks.clear();
    this.owed.paid();
    this.deps.storage.kv.delete('flushedId');
  }

  /** Once per summary: the alarm is asked for, not awaited (the frames do not wait for it). */
  private scheduleSummary() {
    if (this.summaryScheduled) return;
    this.summaryScheduled = true;
    const soon = Date.now() + spread(SUMMARY_DELAY_MS);
    const at = Math.max(soon, this.summaryWrittenAt + spread(BUSY_SUMMARY_INTERVAL_MS));
    this.deps.wakeAt(at).catch((error: unknown) => {
      this.summaryScheduled = false;
      console.error('[room-messages] summary alarm', error);
    });
  }
}

/** `ms`, up to a SUMMARY_SPREAD share shorter or longer, at random. */
export function spread(ms: number, random = Math.random): number {
  return Math.round(ms * (1 + SUMMARY_SPREAD * (2 * random() - 1)));
}

/** Who a flush's push marks as mentioned: the new mentions, and the marks a deletion moved. */
function withMarks(mentioned: Map<string, number>, marks: Map<string, number>) {
  if (marks.size === 0) return mentioned;
  return new Map([...mentioned, ...[...marks].filter(([, id]) => id > 0)]);
}

function asError(outcome: Refused | Error): Error {
  return outcome instanceof Error ? outcome : new Error(outcome.error);
}
