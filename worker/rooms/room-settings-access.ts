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
import type { Db } from '../db/client';
import { memberships, rooms, type RoomRow } from '../db/schema';
import { CHANGED_MEANWHILE } from '../error-handler';
import { ApiError } from '../http/api-error';
import { searchText } from '../lib/search-text';
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

/**
 * Renames the room while `ownedBy` (undefined for an administrator) still owns it: the check and
 * the write are one statement, so an owner who read the room a moment before handing it over
 * cannot rename it after. The admin's room search reads the folded name (lib/search-text.ts),
 * so it follows too. Answers whether it did.
 */
export async function renameRoom(db: Db, roomId: string, name: string, ownedBy?: string) {
  const renamed = await db
    .update(rooms)
    .set({ name, searchName: searchText(name) })
    .where(
      and(
        eq(rooms.roomId, roomId),
        ownedBy === undefined ? undefined : eq(rooms.createdBy, ownedBy),
      ),
    )
    .returning({ roomId: rooms.roomId });
  return renamed.length > 0;
}

/**
 * Why a guarded write to the room found nothing to change: the room is gone (404), or it changed
 * hands since it was read (409, as a hand-over that lost its race).
 */
export async function refusedMeanwhile(db: Db, roomId: string): Promise<ApiError> {
  const still = await db
    .select({ roomId: rooms.roomId })
    .from(rooms)
    .where(eq(rooms.roomId, roomId))
    .get();
  return still
    ? new ApiError(409, CHANGED_MEANWHILE)
    : new ApiError(404, roomMessages.roomNotFound);
}
