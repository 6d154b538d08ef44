import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { memberships, rooms, users } from '../db/schema';
import { ApiError } from '../http/api-error';
import { callRoomOrOwe } from '../room-calls/owed-room-calls';
import { callersMembership } from './callers-membership';
import { notOwnedBy } from './not-owned-by';

/**
 * The caller leaves the room of `:roomId` for good (DELETE /api/rooms/:roomId/membership). A
 * stranger gets the 404 every member-only route gives. The owner cannot leave (nobody could
 * own the room after them), nor is a private conversation left this way: blocking the other
 * person ends it. Leaving is not a ban: an invite link lets them in again as a newcomer. The
 * room then ends their sockets there and forgets them as a member.
 */
export async function leaveRoom(c: Context<AppEnv>): Promise<void> {
  const { db, user } = c.var;
  const found = await db
    .select({ id: memberships.id, createdBy: rooms.createdBy, directPair: rooms.directPair })
    .from(memberships)
    .innerJoin(rooms, eq(rooms.roomId, memberships.roomId))
    .where(callersMembership(c))
    .get();
  if (!found) throw new ApiError(404, roomMessages.roomNotFound);
  if (found.directPair !== null) throw new ApiError(400, roomMessages.conversationNotLeft);
  if (found.createdBy === user.id) throw new ApiError(409, roomMessages.ownerCannotLeave);

  const roomId = c.req.param('roomId')!;
  // One batch: the stored current room never names a room the person is no longer in. Each
  // write requires that they still do not own the room: the room handed to them since the read
  // above keeps its owner in it, and the leave is refused as an owner's, which the room object
  // never hears of.
  const stillNotOwner = notOwnedBy(db, roomId, user.id);
  const [left, , [after]] = await db.batch([
    db
      .delete(memberships)
      .where(and(eq(memberships.id, found.id), stillNotOwner))
      .returning({ id: memberships.id }),
    db
      .update(users)
      .set({ roomId: null })
      .where(and(eq(users.id, user.id), eq(users.roomId, roomId), stillNotOwner)),
    // Read in the same transaction: why nothing was deleted, if nothing was.
    db.select({ createdBy: rooms.createdBy }).from(rooms).where(eq(rooms.roomId, roomId)),
  ]);
  if (left.length === 0) {
    // What a retry would answer too: they own it now, or they are no longer in it (a kick, a
    // second leave, the room deleted), which nothing needs telling of.
    if (after?.createdBy === user.id) throw new ApiError(409, roomMessages.ownerCannotLeave);
    throw new ApiError(404, roomMessages.roomNotFound);
  }
  // Queued when the room stays out of reach: the leave stands in D1 either way.
  await callRoomOrOwe(c.env, {
    kind: 'memberLeft',
    roomId,
    userId: user.id,
    reason: roomMessages.youLeft,
  });
}
