import type { ChatMessage } from '../../../../contract/realtime';
import { isOwnMessage } from './own-message';

export interface SeenReaders {
  messageId: number;
  /** The others who have read it, by name. */
  readers: string[];
}

/**
 * Which of the reader's own messages shows 'Seen by N': the newest one that someone else has
 * read (their newest message seen is it or a later one), with who they are. Null when none.
 */
export function seenReaders(
  messages: readonly ChatMessage[],
  seen: Readonly<Record<string, number>>,
  viewer: string,
): SeenReaders | null {
  const mine = viewer.toLowerCase();
  // The room says how far people have read; an author has read up to their own message too
  // (the room does not send a position for every message). Only people who share count.
  const wrote = newestByAuthor(messages);
  const others = Object.entries(seen)
    .filter(([nickname]) => nickname.toLowerCase() !== mine)
    .map(([nickname, messageId]): [string, number] => [
      nickname,
      Math.max(messageId, wrote.get(nickname.toLowerCase()) ?? 0),
    ]);
  if (others.length === 0) return null;
  const furthest = Math.max(...others.map(([, messageId]) => messageId));
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    const { id, deleted } = message;
    if (typeof id !== 'number' || id > furthest || deleted || !isOwnMessage(message, viewer)) {
      continue;
    }
    const readers = others
      .filter(([, messageId]) => messageId >= id)
      .map(([nickname]) => nickname)
      .sort((a, b) => a.localeCompare(b));
    return { messageId: id, readers };
  }
  return null;
}

/** Each author's newest message id in the list, by lower-cased nickname. */
function newestByAuthor(messages: readonly ChatMessage[]): Map<string, number> {
  const newest = new Map<string, number>();
  for (const { id, user, messageType } of messages) {
    if (typeof id === 'number' && messageType === 'user') newest.set(user.toLowerCase(), id);
  }
  return newest;
}
