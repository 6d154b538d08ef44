import type { ChatMessage } from '../../../../contract/realtime';

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
  const others = Object.entries(seen).filter(([nickname]) => nickname.toLowerCase() !== mine);
  if (others.length === 0) return null;
  const furthest = Math.max(...others.map(([, messageId]) => messageId));
  for (let i = messages.length - 1; i >= 0; i--) {
    const { id, user, deleted } = messages[i]!;
    if (typeof id !== 'number' || id > furthest || deleted || user.toLowerCase() !== mine) {
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
