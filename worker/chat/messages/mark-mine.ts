import type { ChatMessage } from '../../../contract/realtime';
import type { MessageStore } from './message-store';

/**
 * A history page as one socket gets it: each message says whether the socket's account wrote
 * it (`mine`). The client cannot tell from the nickname: one given up may now be someone
 * else's, who would otherwise be offered Edit on the old messages (and the author, renamed,
 * not). Copies, so the store's cached messages (broadcast to everyone) never carry it. The
 * page is contiguous, so one range read of the primary key answers it.
 */
export function markMine(
  store: MessageStore,
  messages: ChatMessage[],
  userId: string,
): ChatMessage[] {
  const ids = messages.map((message) => message.id).filter((id) => typeof id === 'number');
  if (ids.length === 0) return messages;
  const mine = store.idsBy(userId, Math.min(...ids), Math.max(...ids));
  return messages.map((message) => ({
    ...message,
    mine: typeof message.id === 'number' && mine.has(message.id),
  }));
}
