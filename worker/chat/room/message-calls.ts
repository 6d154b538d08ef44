/**
 * What the worker asks of a room's messages (ChatRoom's RPCs of the same names): a member's
 * upload their next message may carry, one stored message for a notification or a private
 * conversation's menu, and a search of the history.
 */
import type { ChatMessage } from '../../../contract/realtime';
import type { SearchQuery } from '../../../contract/search';
import type { RoomUpload } from '../messages/message-files';
import { RoomSearch, type SearchOutcome } from '../messages/room-search';
import type { RoomParts } from './room-parts';

export class MessageCalls {
  /** Made by the first search (room-search.ts). */
  private search: RoomSearch | null = null;

  constructor(
    private readonly parts: RoomParts,
    private readonly storage: DurableObjectStorage,
  ) {}

  /** From the upload route: a member's file, which their next message may carry. */
  fileUploaded(upload: RoomUpload) {
    this.parts.messages.files.uploaded(upload);
  }

  /**
   * From worker/push/message-route.ts: a stored message that is not deleted, for the service
   * worker's notification; null for one never sent, trimmed or deleted.
   */
  messageForNotification(messageId: number): ChatMessage | null {
    const found = this.parts.messages.store.find(messageId);
    return found && !found.message.deleted ? found.message : null;
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
