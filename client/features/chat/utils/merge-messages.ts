import type { ChatMessage } from '../../../../contract/realtime';

/** The list keeps this many of the newest messages: a long session must not grow without end. */
export const MAX_SHOWN_MESSAGES = 1000;

/** Stored messages have increasing numeric ids; anything else sorts after them. */
const orderOf = (message: ChatMessage) =>
  typeof message.id === 'number' ? message.id : Number.POSITIVE_INFINITY;

/**
 * Merges messages into the shown list by id: a message already shown is replaced by the
 * incoming copy, never repeated, and the result is ordered by id. This covers the first
 * history (older than anything live), live messages, the history a reconnect resends and older
 * pages; each carries its message as it is now (edited, deleted, its reactions), so the
 * incoming copy is the one to keep. Past `cap` the oldest go (the person can scroll back to
 * them again).
 */
export function mergeMessages(
  shown: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
  cap = MAX_SHOWN_MESSAGES,
): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of shown) byId.set(String(message.id), message);
  for (const message of incoming) byId.set(String(message.id), message);
  const merged = [...byId.values()].sort((a, b) => {
    const [x, y] = [orderOf(a), orderOf(b)];
    return x === y ? 0 : x < y ? -1 : 1;
  });
  return merged.length > cap ? merged.slice(-cap) : merged;
}

/** The id a reconnect resumes after: the highest numeric id shown, if any. */
export function lastMessageIdOf(shown: readonly ChatMessage[]): number | undefined {
  let highest: number | undefined;
  for (const { id } of shown) {
    if (typeof id === 'number' && (highest === undefined || id > highest)) highest = id;
  }
  return highest;
}

export const isSystemMessage = (message: ChatMessage) => message.messageType.startsWith('system');
