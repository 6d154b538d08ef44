import type { ChatMessage } from '../../../../contract/realtime';

/**
 * Whether the reader wrote `message`. A history frame says so itself (`mine`): a nickname given
 * up may since be someone else's, and by name alone the reader would be offered Edit on a
 * stranger's old messages (which the room refuses) and not on their own from before a rename.
 * A live message carries no mark: its author holds the nickname it came under.
 */
export function isOwnMessage(message: ChatMessage, nickname: string): boolean {
  return message.mine ?? message.user.toLowerCase() === nickname.toLowerCase();
}
