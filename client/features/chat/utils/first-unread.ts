import type { ChatMessage } from '../../../../contract/realtime';
import { isOwnMessage } from './own-message';

/**
 * What was unread when the person opened the room: the messages after `readUpTo` up to
 * `newest`, the newest in the first history. Messages that come later are read as they come,
 * so a line never appears above them.
 */
export interface UnreadAtOpen {
  readUpTo: number;
  newest: number;
}

/**
 * The id of the message the 'New messages' line goes above, or null for no line: the first
 * listed that was unread at open and is someone else's (the reader's own come after what they
 * had read; passing notices have string ids and are never unread). With more unread than the
 * history holds, that is the first message loaded: the line is at the top until older pages
 * bring the read position in.
 */
export function firstUnreadId(
  messages: readonly ChatMessage[],
  unread: UnreadAtOpen | null,
  nickname: string,
): ChatMessage['id'] | null {
  if (!unread) return null;
  const { readUpTo, newest } = unread;
  const first = messages.find(
    (message) =>
      typeof message.id === 'number' &&
      message.id > readUpTo &&
      message.id <= newest &&
      !isOwnMessage(message, nickname),
  );
  return first?.id ?? null;
}

/**
 * Whether the list reaches back to where the unread began, so the line is above the real
 * first unread: nothing older exists, or the oldest message listed is one the person had read
 * (ids grow with time). Until then the line is at the top of what is loaded, and a jump to it
 * loads older pages first (hooks/use-unread-line-jump.ts).
 */
export function unreadStartListed(
  messages: readonly ChatMessage[],
  unread: UnreadAtOpen | null,
  hasOlder: boolean,
): boolean {
  if (!unread || !hasOlder) return true;
  const oldest = messages.find((message) => typeof message.id === 'number');
  return typeof oldest?.id === 'number' && oldest.id <= unread.readUpTo;
}
