import type { PublicUser } from '../../../../contract/user';
import { nicknameSchema } from '../../../../contract/validation';

/**
 * The nickname a join uses (spec point 4, 'Auto-join'): the active one, else the registered
 * one, else the part of the email before the @, else 'Anonymous'. A candidate the server would
 * refuse (e.g. an administrator's 'Mod' nickname) is skipped rather than sent.
 */
export function pickNickname(user: PublicUser): string {
  const candidates = [user.activeNickname, user.nickname, user.email.split('@')[0]];
  for (const candidate of candidates) {
    const parsed = nicknameSchema.safeParse(candidate ?? '');
    if (parsed.success) return parsed.data;
  }
  return 'Anonymous';
}
