/**
 * Who reaches a room's settings (room-settings-routes.ts). The room and the caller's
 * membership are read in one statement; a stranger, a kicked person, an unknown room and a
 * malformed id all get the 404 of every member-only route, so nobody learns that the room
 * exists. Administrators see every room but private conversations, as their own pages do.
 */
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { roomIdSchema, roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { memberships, rooms, type RoomRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { logSecurityEvent } from '../security/guards';

/** The room of `:roomId`, for a member or an administrator; a private conversation is a 400. */
export async function settingsRoom(c: Context<AppEnv>, directMessage: string): Promise<RoomRow> {
  const roomId = c.req.param('roomId') ?? '';
  if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, roomMessages.roomNotFound);
  const { db, user } = c.var;
  const row = await db
    .select({ room: rooms, member: memberships.userId })
    .from(rooms)
    .leftJoin(
      memberships,
      and(eq(memberships.roomId, rooms.roomId), eq(memberships.userId, user.id)),
    )
    .where(eq(rooms.roomId, roomId))
    .get();
  // An administrator outside a private conversation is a stranger to it like anyone else
  // (docs/direct-messages.md): its 400 below would tell them the id is one.
  const direct = row !== undefined && row.room.directPair !== null;
  if (!row || (row.member === null && (user.role !== 'admin' || direct))) {
    throw new ApiError(404, roomMessages.roomNotFound);
  }
  // Its name is the other person's nickname, and blocking them is what ends it.
  if (direct) throw new ApiError(400, directMessage);
  return row.room;
}

/** A member asking for what only the owner may do: logged and scored, as a refused moderation. */
export function refuseNonOwner(c: Context<AppEnv>, roomId: string, message: string): never {
  logSecurityEvent(c, {
    eventType: 'access_denied',
    userId: c.var.user.id,
    details: { path: new URL(c.req.url).pathname, roomId },
  });
  throw new ApiError(403, message);
}
