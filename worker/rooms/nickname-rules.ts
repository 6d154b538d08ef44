import { nicknameSchema } from '../../contract/validation';
import type { UserRow } from '../db/schema';

/** Administrators appear in rooms as 'Mod' plus a frog; the nickname rules keep users out of it. */
export const MODERATOR_MARK = 'Mod🐸';
/** The author of an admin's 'As User' broadcast. */
export const CHAT_MODERATOR = 'ChatModerator';

export function isModeratorNickname(nickname: string): boolean {
  return (
    nickname.includes(MODERATOR_MARK) || nickname.toLowerCase() === CHAT_MODERATOR.toLowerCase()
  );
}

/** The nickname a join uses when the request names none: the active one, else the registered one. */
export function defaultNickname(user: UserRow): string {
  const active = user.activeNickname;
  return active && nicknameSchema.safeParse(active).success ? active : user.nickname;
}
