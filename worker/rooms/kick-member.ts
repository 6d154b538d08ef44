import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { callRoomOrOwe } from '../room-calls/owed-room-calls';
import { memberships, nowMs, roomBans, rooms, users } from '../db/schema';
import { CHANGED_MEANWHILE } from '../error-handler';
import { ApiError } from '../http/api-error';
import { logSecurityEvent } from '../security/guards';
import { isModeratorNickname, roomMessages } from '../../contract/rooms';
import { notOwnedBy, ownedBy } from './not-owned-by';

const CREATOR_NOT_KICKED = 'The room creator cannot be kicked';

/**
 * Removes a member under the rules of the spec (point 6): nobody kicks themselves or a
 * moderator; an administrator cannot kick the room's creator either. The kick is also a ban,
 * until an owner or administrator lifts it: otherwise the person could walk straight back in
 * through the invite link. The room object then ends their sockets and tells the room.
 * Answers the nickname they had, which names them in the answer.
 */
export async function kickMember(c: Context<AppEnv>, targetUserId: string): Promise<string> {
  const { room, user, db } = c.var;
  if (targetUserId === user.id) throw new ApiError(400, 'You cannot kick yourself');
  const target = await db
    .select({ membershipId: memberships.id, nickname: memberships.nickname, role: users.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.roomId, room.roomId), eq(memberships.userId, targetUserId)))
    .get();
  if (!target) throw new ApiError(404, 'That user is not a member of this room');
  if (target.role === 'admin' || isModeratorNickname(target.nickname)) {
    throw new ApiError(403, 'Moderators cannot be kicked');
  }
  if (targetUserId === room.createdBy) throw new ApiError(403, CREATOR_NOT_KICKED);

  // One batch, so no join can slip in between the membership going and the ban arriving. Each
  // write requires that the person still does not own the room: a hand-over to them landing
  // after the read above must not remove (nor ban) the room's new owner. Nor may an owner
  // whose room was handed on since the moderator check kick anyone: an administrator is not
  // held to owning it.
  const kickerMay = user.role === 'admin' ? undefined : ownedBy(db, room.roomId, user.id);
  const stillAllowed = and(notOwnedBy(db, room.roomId, targetUserId), kickerMay)!;
  const [, , , [after]] = await db.batch([
    db.delete(memberships).where(and(eq(memberships.id, target.membershipId), stillAllowed)),
    db
      .insert(roomBans)
      .select(
        db
          .select({
            roomId: rooms.roomId,
            userId: sql<string>`${targetUserId}`.as('user_id'),
            nickname: sql<string>`${target.nickname}`.as('nickname'),
            bannedBy: sql<string>`${user.id}`.as('banned_by'),
            bannedAt: sql<number>`${nowMs}`.as('banned_at'),
          })
          .from(rooms)
          .where(and(eq(rooms.roomId, room.roomId), stillAllowed)),
      )
      .onConflictDoNothing(),
    db
      .update(users)
      .set({ roomId: null })
      .where(and(eq(users.id, targetUserId), eq(users.roomId, room.roomId), stillAllowed)),
    // Read in the same transaction as the writes: whether they found the person the owner.
    db.select({ createdBy: rooms.createdBy }).from(rooms).where(eq(rooms.roomId, room.roomId)),
  ]);
  // Deleted meanwhile: its memberships went with it, and nobody is left to tell.
  if (!after) throw new ApiError(404, roomMessages.roomNotFound);
  // What a retry would answer too, so no 'try again': the person owns the room now. Nothing
  // changed, so nothing is logged nor told to the room object.
  if (after.createdBy === targetUserId) throw new ApiError(403, CREATOR_NOT_KICKED);
  // The kicker no longer owns it: nothing changed either.
  if (kickerMay && after.createdBy !== user.id) throw new ApiError(409, CHANGED_MEANWHILE);
  logSecurityEvent(c, {
    eventType: 'member_kicked',
    userId: user.id,
    details: {
      roomId: room.roomId,
      kickedUserId: targetUserId,
      nickname: target.nickname,
      byRole: user.role,
    },
  });
  // Should the room stay out of reach, the call is queued and the kick answers its success:
  // the ban stands in D1, and the room hears of it late rather than never.
  await callRoomOrOwe(c.env, {
    kind: 'kick',
    roomId: room.roomId,
    userId: targetUserId,
    reason: 'You have been removed from this room',
  });
  return target.nickname;
}
