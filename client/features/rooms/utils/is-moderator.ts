/**
 * The moderator nicknames of spec point 3. The worker's nickname rules hold the same two
 * values; they are repeated here because the contract does not export them yet.
 */
export const MODERATOR_MARK = 'Mod🐸';
export const CHAT_MODERATOR = 'ChatModerator';

export function isModeratorNickname(nickname: string): boolean {
  return nickname.includes(MODERATOR_MARK) || nickname === CHAT_MODERATOR;
}
