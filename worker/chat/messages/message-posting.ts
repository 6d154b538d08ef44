/**
 * Posting a message, with one way through: post() queues it, and one flush goes through the
 * queue in the order the messages came, storing each one, answering its sender and delivering
 * it to the room. Nothing calls back into the caller but its own answer, and the history's
 * trim once the batch is sent (a trimmed pin tells the room, room-pins.ts).
 *
 * Batches: every event that writes to a Durable Object's storage ends in a commit, and the
 * output gate holds the object's frames until that commit is durable, so messages that arrive
 * while a batch is pending join it and one commit stores them all. A message that comes QUIET_MS
 * or more after the last batch is stored in the event that brought it, without waiting for a
 * timer's event.
 *
 * Exactly once: a send carries a client-chosen id (clientId), kept with the message, so a resend
 * after a lost acknowledgement finds the first one, stored or still queued, and gets its answer:
 * nothing is stored or delivered twice.
 *
 * The answer comes right before the broadcast, in the same event: the sender's acknowledgement
 * is the frame before the message, so the client knows the id before the message arrives and
 * swaps its 'Sending…' entry for it in one render.
 */
import type { ChatMessage, Refused, ReplyRef } from '../../../contract/realtime';
import { JOINED, type RoomSockets } from '../sockets/socket-state';
import type { MessageExtras, MessageStore } from './message-store';
import type { ReadPositions } from './read-positions';
import { replyRefOf } from './reply-excerpt';

/** A post's one answer: the stored message, a refusal, or the error that failed its store. */
export type PostAnswer = (outcome: ChatMessage | Refused | Error) => void;

export interface Post {
  /** The author, or null for the moderator. */
  userId: string | null;
  nickname: string;
  html: string;
  /** The sender's id for this message, when it gave one. */
  clientId?: string;
  /** What it answers and whom it mentions. */
  extras?: MessageExtras;
  answer: PostAnswer;
  /** Resends of it that came while it was queued: they get the same answer. */
  resends?: PostAnswer[];
  /** Its key among the queued posts (set by post(), with a clientId). */
  key?: string;
}

/** A batch this long after the last one is stored in the event that brought it. */
const QUIET_MS = 50;

export class MessagePosting {
  private queue: Post[] = [];
  private lastFlushAt = 0;
  /** Posts still queued, by person and clientId. */
  private readonly queued = new Map<string, Post>();

  constructor(
    private readonly store: MessageStore,
    private readonly reads: ReadPositions,
    private readonly sockets: RoomSockets,
  ) {}

  /**
   * A resend of a message already stored or queued gets the first send's answer (true);
   * false when there was no such send.
   */
  resend(userId: string, clientId: string, answer: PostAnswer): boolean {
    const queued = this.queued.get(key(userId, clientId));
    if (queued) {
      (queued.resends ??= []).push(answer);
      return true;
    }
    const stored = this.store.byClientId(userId, clientId);
    if (stored) answer(stored);
    return stored !== null;
  }

  post(post: Post) {
    const { userId, clientId } = post;
    if (userId && clientId) this.queued.set((post.key = key(userId, clientId)), post);
    this.queue.push(post);
    if (this.queue.length > 1) return;
    // A quiet room stores at once: a message a while after the last batch is unlikely to have
    // company queued behind it, and the timer would cost an event of its own.
    if (Date.now() - this.lastFlushAt >= QUIET_MS) return this.flush();
    // A timer is a new event: messages already queued for the object arrive before it.
    setTimeout(() => this.flush(), 0);
  }

  /** Refuses the posts still queued, or one person's: nothing of them is stored. */
  discard(refusal: Refused, userId?: string) {
    const kept: Post[] = [];
    for (const post of this.queue) {
      if (userId === undefined || post.userId === userId) this.settle(post, refusal);
      else kept.push(post);
    }
    this.queue = kept;
  }

  /**
   * One batch, one commit: message by message, each stored with the recovery offset it is
   * broadcast with (kept-messages.ts), its sender answered, then the room told. A message that
   * fails to store is answered with the error, and the rest of the batch still goes. A trim the
   * batch made due runs once its messages are sent (trimAfterBroadcasts).
   */
  private flush() {
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    this.lastFlushAt = Date.now();
    for (const post of batch) {
      let stored = false;
      try {
        this.sockets.broadcastStored(
          'message',
          (offset) => {
            const message = this.add(post, offset);
            stored = true;
            this.answer(post, message);
            return [message];
          },
          JOINED,
        );
      } catch (error) {
        // Stored and answered, or answering: a second answer would contradict the first.
        if (stored) console.error('[message-posting] answer failed', error);
        else this.settle(post, error as Error);
      }
    }
    this.trimAfterBroadcasts();
  }

  /**
   * The history's trim, after the batch's broadcasts: it may broadcast the pins, which cannot
   * come inside a stored broadcast, and a failure of it is no message's: each is stored,
   * answered and heard already. It stays due, and the next batch tries it again.
   */
  private trimAfterBroadcasts() {
    try {
      this.store.trimIfDue();
    } catch (error) {
      console.error('[message-posting] trim failed', error);
    }
  }

  private add({ userId, nickname, html, clientId, extras }: Post, offset: number | null) {
    const now = extras?.replyTo ? { ...extras, replyTo: this.quoteNow(extras.replyTo) } : extras;
    return this.store.addDeferringTrim(userId, nickname, html, 'user', clientId, now, offset);
  }

  /**
   * A reply's quote as its original is now: a post may have waited in the queue while the
   * original was edited or deleted, and changeReplies only requotes replies already stored, so
   * the deleted text would have been kept (and sent) in the quote.
   */
  private quoteNow(quote: ReplyRef): ReplyRef {
    const original = this.store.find(quote.id)?.message;
    return original ? replyRefOf(original) : quote;
  }

  /** The sender answered (the frame before the message), and their read position moved. */
  private answer(post: Post, message: ChatMessage) {
    this.settle(post, message);
    // The sender has seen the room up to their own message.
    if (post.userId) this.reads.sent(post.userId, message.id as number);
  }

  private settle(post: Post, outcome: ChatMessage | Refused | Error) {
    if (post.key) this.queued.delete(post.key);
    post.answer(outcome);
    for (const resend of post.resends ?? []) resend(outcome);
  }
}

const key = (userId: string, clientId: string) => `${userId} ${clientId}`;
