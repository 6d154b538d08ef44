import type { PublicUser } from '../../contract/user';
import type { UserRow } from '../db/schema';

/** The only way a user leaves the worker: no hash, salt or token can slip into a response. */
export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    nickname: user.nickname,
    activeNickname: user.activeNickname,
    roomId: user.roomId,
    shareReads: user.shareReads,
  };
}
