import { nicknameSchema } from '../../contract/validation';
import type { UserRow } from '../db/schema';

/** The nickname a join uses when the request names none: the active one, else the registered one. */
export function defaultNickname(user: UserRow): string {
  const active = user.activeNickname;
  return active && nicknameSchema.safeParse(active).success ? active : user.nickname;
}
