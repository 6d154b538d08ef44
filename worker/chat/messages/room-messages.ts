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
import { RoomMentions } from './room-mentions';
import { OwedSummary } from './summary-owed';
import { MessagePosting, type Post, type PostAnswer } from './message-posting';
import { MessageStore } from './message-store';
import { ReadPositions } from './read-positions';
import { flushRoomSummary } from './room-summary';
import type { PushQueueMessage } from '../../push/push-messages';
import { RoomPins } from './room-pins';
import { RoomPush } from './room-push';
import { dropSearchIndex, forgetIndexedWords } from './search-index';
import { SeenPositions } from './seen-positions';
import { nextSummaryAt, RETRY_AFTER_FAILURE_MS, SUMMARY_RETRIES_MAX } from './summary-timing';

/** Why a send is refused once its room is deleted (the client says the same on /join). */
export const ROOM_DELETED = 'This room was deleted.';
/** Why a send still waiting for its batch is refused once its sender is removed. */
export const SENDER_REMOVED = 'You were removed from this room';
const DELETED: Refused = refused('room_deleted', ROOM_DELETED);
const REMOVED: Refused = refused('sender_removed', SENDER_REMOVED);

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
  /** The messages pinned at the top of the room (room-pins.ts). */
  readonly pins: RoomPins;
  /** The '@' marks on their way to D1 (room-mentions.ts). */
  private readonly mentions: RoomMentions;
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
    this.pins = new RoomPins(sql, deps.sockets, () => deps.identity.id);
    this.store = new MessageStore(
      sql,
      kv,
      (files) => void this.removeFiles(files),
      () => this.pins.removed(),
    );
    this.reads = new ReadPositions(sql);
    this.mentions = new RoomMentions(sql, this.store);
    this.posting = new MessagePosting(this.store, this.reads, deps.sockets);
    this.changes = new MessageChanges(
      this.store,
      deps.sockets,
      () => {
        deps.storage.kv.put('excerptStale', true);
        this.scheduleSummary();
      },
      (id) => forgetIndexedWords(sql, kv, id),
      this.pins,
    );
    this.seen = new SeenPositions(sql, deps.sockets);
    this.push = new RoomPush(sql, kv, deps.sockets, deps.pushQueue);
    this.owed = new OwedSummary(kv);
    const owed = this.owed.read();
    if (owed) {
      this.mentions.restore(owed);
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
    this.mentions.note(userIds, messageId);
    if (userIds.length) this.scheduleSummary();
  }

  /**
   * A deleted message mentioned this member (not its author): the next flush sets their mark
   * to their newest mention left. Asked for here too: named after the members' read (a woken
   * room), this may come after the flush the deletion asked for.
   */
  mentionDeleted(userId: string, nickname: string) {
    this.mentions.deleted(userId, nickname);
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
    const mentions = this.mentions.take();
    const { mentioned, marks: mentionMarks } = mentions;
    const filesSent = this.files.takeSent();
    // The push is read before the summary is written, and asks who could get it in its batch.
    const push = this.push.prepare(db(), identity.id, this.store.latestId(), mentions.pushed);
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
      this.mentions.putBack(mentions);
      // What failed is kept (the excerpt's staleness in storage, the rest here and there): the
      // alarm brings the next flush, though nobody writes in the room any more.
      this.owed.keep({ ...this.mentions.owed(), reads: this.reads.owed() });
      if (++this.failedFlushes <= SUMMARY_RETRIES_MAX) await this.retryAfterFailure();
      throw error;
    } finally {
      // Whatever the summary did: a D1 fault that failed it would otherwise leave the removals
      // with no retry of their own, and a room nobody is in has no next flush to bring one.
      if (this.files.removalsOwed) await this.finishFileRemovals();
    }
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
    this.pins.clear();
    dropSearchIndex(this.deps.storage.sql, this.deps.storage.kv);
    this.reads.clear();
    this.seen.clear();
    this.files.clear();
    this.mentions.clear();
    this.owed.paid();
    this.deps.storage.kv.delete('flushedId');
  }

  /** Once per summary: the alarm is asked for, not awaited (the frames do not wait for it). */
  private scheduleSummary() {
    if (this.summaryScheduled) return;
    this.summaryScheduled = true;
    this.deps.wakeAt(nextSummaryAt(this.summaryWrittenAt)).catch((error: unknown) => {
      this.summaryScheduled = false;
      console.error('[room-messages] summary alarm', error);
    });
  }
}

function asError(outcome: Refused | Error): Error {
  return outcome instanceof Error ? outcome : new Error(outcome.error);
}
