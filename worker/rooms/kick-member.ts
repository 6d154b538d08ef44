import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { removeMember } from '../room-calls/room-rpc';
import { memberships, roomBans, users } from '../db/schema';
import { ApiError } from '../http/api-error';
import { logSecurityEvent } from '../security/guards';
import { isModeratorNickname } from '../../contract/rooms';

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
  if (targetUserId === room.createdBy) throw new ApiError(403, 'The room creator cannot be kicked');

  // One batch, so no join can slip in between the membership going and the ban arriving.
  await db.batch([
    db.delete(memberships).where(eq(memberships.id, target.membershipId)),
    db
      .insert(roomBans)
      .values({
        roomId: room.roomId,
        userId: targetUserId,
        nickname: target.nickname,
        bannedBy: user.id,
      })
      .onConflictDoNothing(),
    db
      .update(users)
      .set({ roomId: null })
      .where(and(eq(users.id, targetUserId), eq(users.roomId, room.roomId))),
  ]);
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
  await removeMember(c.env, room.roomId, targetUserId, 'You have been removed from this room');
  return target.nickname;
}
