/**
 * Whom a private conversation is opened with (open-direct.ts): whoever holds a nickname in the
 * room now (the online and members lists, which show current nicknames), or the account that
 * wrote one of its messages (a message's menu: the nickname on an old message may have been
 * given up and taken by someone else since).
 */
import { and, eq } from 'drizzle-orm';
import { directMessages } from '../../contract/direct';
import type { Db } from '../db/client';
import { memberships } from '../db/schema';
import { ApiError } from '../http/api-error';
import { nicknameKey } from '../rooms/room-queries';

/**
 * Whom to open it with: whoever holds `nickname` in the room now, or the account that wrote one
 * of its messages (`messageAuthor`, which asks the room's object; null: no such author).
 */
export type DirectTarget = { nickname: string } | { messageAuthor: () => Promise<string | null> };

/**
 * The member of the room a target names (their user id and nickname as written there), or
 * undefined. A message without an author (the moderator's, or none) is refused outright.
 */
export async function targetMember(db: Db, roomId: string, target: DirectTarget) {
  let whose;
  if ('nickname' in target) {
    whose = eq(memberships.nicknameKey, nicknameKey(target.nickname));
  } else {
    const authorId = await target.messageAuthor();
    if (authorId === null) throw new ApiError(404, directMessages.messageNotFound);
    whose = eq(memberships.userId, authorId);
  }
  return db
    .select({ userId: memberships.userId, nickname: memberships.nickname })
    .from(memberships)
    .where(and(eq(memberships.roomId, roomId), whose))
    .get();
}

/** The refusal for a target who is not (or no longer) a member of the room. */
export const notMember = (target: DirectTarget) =>
  'nickname' in target ? directMessages.notInRoom : directMessages.authorGone;
