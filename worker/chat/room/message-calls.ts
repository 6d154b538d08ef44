/**
 * What the worker asks of a room's messages (ChatRoom's RPCs of the same names): a member's
 * upload their next message may carry, one stored message for a notification or a private
 * conversation's menu, and a search of the history.
 */
import type { ChatMessage } from '../../../contract/realtime';
import type { SearchQuery } from '../../../contract/search';
import type { RoomUpload } from '../messages/message-files';
import { RoomSearch, type SearchOutcome } from '../messages/room-search';
import { PersonLimit } from '../sockets/person-limit';
import type { RoomParts } from './room-parts';

/**
 * Each person's reads of one message for a notification: one per push per browser (up to ten
 * an account), so a busy minute's pushes are not refused; one message at a time, it is still
 * no faster way through the history than loadHistory's pages of a hundred.
 */
export const NOTIFICATION_READ_BURST = 20;
const NOTIFICATION_READS_PER_SECOND = 5;

/** A message for a notification, or why not (message-route.ts answers 404 or 429). */
export type MessageOutcome =
  { message: ChatMessage } | { refused: 'no_room' | 'no_message' | 'rate_limited' };

export class MessageCalls {
  /** Made by the first search (room-search.ts). */
  private search: RoomSearch | null = null;
  /** A budget of its own: sharing loadHistory's, pushes refused the person's scrolling back. */
  private readonly notificationReads = new PersonLimit(
    NOTIFICATION_READS_PER_SECOND,
    NOTIFICATION_READ_BURST,
  );

  constructor(
    private readonly parts: RoomParts,
    private readonly storage: DurableObjectStorage,
  ) {}

  /** From the upload route: a member's file, which their next message may carry. */
  fileUploaded(upload: RoomUpload) {
    this.parts.messages.files.uploaded(upload);
  }

  /**
   * From worker/push/message-route.ts, which checked the membership in D1: a stored message
   * that is not deleted, for the service worker's notification. The room's own ban list is
   * checked too, as search's is (a replica may not have seen a kick yet), and each read takes
   * from the person's notification budget (above). 'no_room' for someone the room has banned or in a deleted room (answered as
   * a room that does not exist), 'no_message' for one never sent, trimmed or deleted.
   */
  messageForNotification(userId: string, messageId: number): MessageOutcome {
    if (this.parts.identity.deleted || this.parts.gate.isBanned(userId)) {
      return { refused: 'no_room' };
    }
    if (!this.notificationReads.take(userId)) return { refused: 'rate_limited' };
    const found = this.parts.messages.store.find(messageId);
    return found && !found.message.deleted ? { message: found.message } : { refused: 'no_message' };
  }

  /**
   * From the private conversations' route (worker/direct/direct-routes.ts): the account that
   * wrote a stored message that is not deleted, so that its menu reaches its author whatever
   * nickname they have now; null for the moderator's, or one never sent, trimmed or deleted.
   */
  authorOf(messageId: number): string | null {
    const found = this.parts.messages.store.find(messageId);
    return found && !found.message.deleted ? found.userId : null;
  }

  /**
   * From the search route (worker/rooms/search-route.ts), which checked the membership in D1:
   * the room's own ban list is checked too, as a socket's join is.
   */
  async searchMessages(userId: string, query: SearchQuery): Promise<SearchOutcome> {
    if (this.parts.identity.deleted || this.parts.gate.isBanned(userId)) {
      return { refused: 'not_found' };
    }
    this.search ??= new RoomSearch(this.storage);
    return this.search.answer(userId, query);
  }
}
