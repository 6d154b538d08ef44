/**
 * A room's messages on their way: posted exactly once (message-poster.ts), stored in the
 * object's SQLite (message-store.ts), delivered, and summed up for D1 by the alarm a little
 * later (room-summary.ts), with the members' read positions (read-positions.ts).
 */
import type { ChatMessage } from '../../contract/realtime';
import { MessagePoster } from './message-poster';
import { MessageStore } from './message-store';
import { ReadPositions } from './read-positions';
import type { RoomIdentity } from './room-identity';
import { flushRoomSummary } from './room-summary';

/** Why a send is refused once its room is deleted (the client says the same on /join). */
export const ROOM_DELETED = 'This room was deleted.';
/** Why a send still waiting for its batch is refused once its sender is removed. */
export const SENDER_REMOVED = 'You were removed from this room';

/** A quiet room's summary reaches D1 a second after its message... */
const SUMMARY_DELAY_MS = 1000;
/**
 * ...and a busy room's at most every five seconds: with a flush every second, 100 rooms of ten
 * talkers spent about a sixth of their CPU on it (`npm run bench -- many`). The room list
 * polls every five seconds anyway.
 */
const BUSY_SUMMARY_INTERVAL_MS = 5000;

export interface MessagesDeps {
  storage: DurableObjectStorage;
  db: () => D1Database;
  identity: RoomIdentity;
  /** Sends a stored message to everyone joined. */
  deliver: (message: ChatMessage) => void;
  /** Asks for the object's alarm (which calls flushSummary) at this time, unless sooner. */
  wakeAt: (at: number) => Promise<void>;
}

export class RoomMessages {
  readonly store: MessageStore;
  /** Members' read positions, on their way to D1 with the summary (unread counts). */
  readonly reads: ReadPositions;
  private readonly poster: MessagePoster;
  private summaryScheduled = false;
  /** When the summary last wrote to D1 (0: not since this instance woke). */
  private summaryWrittenAt = 0;

  constructor(private readonly deps: MessagesDeps) {
    const { sql, kv } = deps.storage;
    this.store = new MessageStore(sql, kv);
    this.reads = new ReadPositions(sql);
    this.poster = new MessagePoster(this.store, deps.deliver);
  }

  /** The message an earlier send with this clientId stored (or is storing), if any. */
  earlier(userId: string, clientId: string) {
    return this.poster.earlier(userId, clientId);
  }

  /** Stores a message from a person (or the moderator, userId null) and delivers it. */
  async post(
    userId: string | null,
    nickname: string,
    html: string,
    clientId?: string,
    onStored?: (message: ChatMessage) => void,
  ): Promise<ChatMessage> {
    if (this.deps.identity.deleted) throw new Error(ROOM_DELETED);
    const message = await this.poster.post({ userId, nickname, html, clientId, onStored });
    // The sender has seen the room up to their own message.
    if (userId && typeof message.id === 'number') this.reads.sent(userId, message.id);
    await this.scheduleSummary();
    return message;
  }

  /** The person has seen `messageId`: their position moves (memory until the flush). */
  markRead(userId: string, messageId: number) {
    if (this.reads.read(userId, messageId, this.store.latestId())) void this.scheduleSummary();
  }

  /** From the alarm: the summary and the moved read positions go to D1. */
  async flushSummary() {
    this.summaryScheduled = false;
    const { db, storage, identity } = this.deps;
    if (await flushRoomSummary(db(), storage.kv, this.store, this.reads, identity.id)) {
      this.summaryWrittenAt = Date.now();
    }
  }

  /**
   * A kick: the person's sends that are not stored yet never will be. Without this a message
   * sent a moment before the kick was stored and shown after "was removed from the room".
   */
  discardFrom(userId: string) {
    this.poster.discard(new Error(SENDER_REMOVED), userId);
  }

  /** The room was deleted: its history and read positions go, and sends not yet stored. */
  clear() {
    this.poster.discard(new Error(ROOM_DELETED));
    this.store.clear();
    this.reads.clear();
    this.deps.storage.kv.delete('flushedId');
  }

  private async scheduleSummary() {
    if (this.summaryScheduled) return;
    this.summaryScheduled = true;
    const soon = Date.now() + SUMMARY_DELAY_MS;
    await this.deps.wakeAt(Math.max(soon, this.summaryWrittenAt + BUSY_SUMMARY_INTERVAL_MS));
  }
}
