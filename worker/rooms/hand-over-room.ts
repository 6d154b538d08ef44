import { and, eq, exists, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import { roomOwnerMessages } from '../../contract/room-owner';
import { isModeratorNickname, roomIdSchema, roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/client';
import { memberships, rooms } from '../db/schema';
import { ApiError } from '../http/api-error';
import { callRoomOrOwe } from '../room-calls/owed-room-calls';
import { logSecurityEvent } from '../security/guards';
import { giveBackRoomChange, limitRoomChanges } from './room-change-limits';
import { refusedMeanwhile } from './room-settings-access';

const caller = alias(memberships, 'caller');
const target = alias(memberships, 'target');

/**
 * Makes `targetId`, a member of the room of `:roomId`, its owner (POST /api/rooms/:roomId/owner);
 * the old owner stays an ordinary member, who may now leave. The owner and administrators may
 * (an administrator gives an ownerless room, whose owner deleted their account, an owner); any
 * other member gets a 403, and a stranger the 404 of every member-only route. Answers the new
 * owner's nickname.
 */
export async function handOverRoom(c: Context<AppEnv>, targetId: string): Promise<string> {
  const { db, user } = c.var;
  const roomId = c.req.param('roomId') ?? '';
  if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, roomMessages.roomNotFound);
  const found = await db
    .select({
      createdBy: rooms.createdBy,
      directPair: rooms.directPair,
      callerMembership: caller.id,
      targetNickname: target.nickname,
    })
    .from(rooms)
    .leftJoin(caller, and(eq(caller.roomId, rooms.roomId), eq(caller.userId, user.id)))
    .leftJoin(target, and(eq(target.roomId, rooms.roomId), eq(target.userId, targetId)))
    .where(eq(rooms.roomId, roomId))
    .get();
  const isAdmin = user.role === 'admin';
  // An administrator reaches any room but a private conversation they are not in, which
  // answers as one that does not exist (as its invite link does).
  const stranger = found?.callerMembership === null && (!isAdmin || found.directPair !== null);
  if (!found || stranger) throw new ApiError(404, roomMessages.roomNotFound);
  if (found.directPair !== null) throw new ApiError(400, roomOwnerMessages.conversation);
  if (!isAdmin && found.createdBy !== user.id) {
    logSecurityEvent(c, {
      eventType: 'access_denied',
      userId: user.id,
      details: { path: new URL(c.req.url).pathname, roomId },
    });
    throw new ApiError(403, roomOwnerMessages.notAllowed);
  }
  if (found.createdBy === targetId) throw new ApiError(409, roomOwnerMessages.alreadyOwner);
  if (found.targetNickname === null) throw new ApiError(400, roomOwnerMessages.notMember);
  // An administrator's 'Mod' membership (admin/join-as-moderator.ts) is there to moderate:
  // made owner, it could not even be left (an owner cannot leave).
  if (isModeratorNickname(found.targetNickname)) {
    throw new ApiError(400, roomOwnerMessages.moderator);
  }

  const slots = await limitRoomChanges(c, 'handOver', roomId);
  if (!(await changeOwner(db, roomId, targetId, isAdmin ? null : user.id))) {
    // The owner changed, or the person left or was removed, since the read above (409); or the
    // room was deleted meanwhile (404). Nothing changed hands, so nothing counts.
    await giveBackRoomChange(c, slots);
    throw await refusedMeanwhile(db, roomId);
  }
  // An audit line, as a kick has: who gave whose room to whom.
  logSecurityEvent(c, {
    eventType: 'room_owner_changed',
    userId: user.id,
    details: { roomId, from: found.createdBy, to: targetId, byRole: user.role },
  });
  // D1 holds the new owner now, and every route reads it there. Should the room's object stay
  // out of reach after the call's retries, the call is queued (owed-room-calls.ts) and the
  // hand-over answers its success (a 500 would invite a retry, which only gets 409 'already
  // owns'). The queue delivers it under the same hand-over id, so the room tells it once, and
  // drops it if the room has been handed on since. Meanwhile the room reads its owner from D1
  // again on its own, within RoomMembers' RELOAD_AFTER_MS (a minute) of its last read, so the
  // old owner's open socket keeps the power to delete anyone's message a minute at most. Only
  // if the queue refuses it too is the call lost (logged): the hand-over still stands.
  await callRoomOrOwe(c.env, {
    kind: 'ownerChanged',
    roomId,
    userId: targetId,
    nickname: found.targetNickname,
    handOverId: crypto.randomUUID(),
  }).catch((error: unknown) => console.error('[rooms] hand-over not told to the room', error));
  return found.targetNickname;
}

/**
 * One statement, so that two hand-overs at once cannot both win, nor can the room pass to
 * someone who left or was kicked a moment before: the room changes hands only while
 * `ownerId` (null for an administrator: any owner or none) still owns it and the target is
 * still a member. Answers whether it did.
 */
async function changeOwner(db: Db, roomId: string, targetId: string, ownerId: string | null) {
  const targetIsMember = db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.roomId, roomId), eq(memberships.userId, targetId)));
  const changed = await db
    .update(rooms)
    .set({ createdBy: targetId })
    .where(
      and(
        eq(rooms.roomId, roomId),
        isNull(rooms.directPair),
        ownerId === null ? undefined : eq(rooms.createdBy, ownerId),
        exists(targetIsMember),
      ),
    )
    .returning({ roomId: rooms.roomId });
  return changed.length > 0;
}
