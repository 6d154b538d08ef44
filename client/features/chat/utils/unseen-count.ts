import type { ChatMessage } from '../../../../contract/realtime';
import { isOwnMessage } from './own-message';

/**
 * Others' messages shown after `seenId` that have not been on screen (for the tab's title).
 * The person's own message counts as having seen everything before it, as the room does.
 * Walks back from the newest only as far as the first seen or own message.
 */
export function unseenCount(messages: readonly ChatMessage[], seenId: number, nickname: string) {
  let count = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (typeof message.id !== 'number' || message.id <= seenId) break;
    if (isOwnMessage(message, nickname)) break;
    count += 1;
  }
  return count;
}
