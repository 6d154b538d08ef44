/** The one permission of a member's own reads and writes of a room by its id. */
import { and, eq, notExists, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { roomIdSchema, roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { memberships, roomBans } from '../db/schema';
import { ApiError } from '../http/api-error';

/**
 * The caller's membership in the room of `:roomId`, as a condition on `memberships`: a
 * stranger, a kicked or banned person, an unknown room and a malformed id all get the same 404
 * (a malformed id here, the others when the statement finds no row), so nobody learns whether
 * the room exists. The membership is read in the very statement that reads or writes: a ban
 * read apart could land between the check and the write. A kick deletes the membership (and
 * its level) and bans in one batch, so the ban clause only guards against rows written by hand.
 * Used by GET /api/rooms/:roomId and /api/rooms/:roomId/notifications.
 */
export function callersMembership(c: Context<AppEnv>): SQL {
  const roomId = c.req.param('roomId') ?? '';
  if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, roomMessages.roomNotFound);
  const { db, user } = c.var;
  return and(
    eq(memberships.roomId, roomId),
    eq(memberships.userId, user.id),
    notExists(
      db
        .select({ one: roomBans.userId })
        .from(roomBans)
        .where(and(eq(roomBans.roomId, roomId), eq(roomBans.userId, user.id))),
    ),
  )!;
}
