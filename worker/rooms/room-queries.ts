import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, rooms } from '../db/schema';
import { ApiError } from '../http/api-error';
import { roomMessages } from '../../contract/rooms';

export async function findRoomOr404(db: Db, roomId: string) {
  const room = await db.select().from(rooms).where(eq(rooms.roomId, roomId)).get();
  if (!room) throw new ApiError(404, roomMessages.roomNotFound);
  return room;
}

export function findMembership(db: Db, roomId: string, userId: string) {
  return db
    .select()
    .from(memberships)
    .where(and(eq(memberships.roomId, roomId), eq(memberships.userId, userId)))
    .get();
}

/** The room's name and the caller's nickname in it (null for a non-member), in one query. */
export function roomWithMembershipQuery(db: Db, roomId: string, userId: string) {
  return db
    .select({ name: rooms.name, nickname: memberships.nickname })
    .from(rooms)
    .leftJoin(
      memberships,
      and(eq(memberships.roomId, rooms.roomId), eq(memberships.userId, userId)),
    )
    .where(eq(rooms.roomId, roomId))
    .limit(1);
}

/** Lower-cased, so nicknames in one room are unique whatever their case. */
export const nicknameKey = (nickname: string) => nickname.toLowerCase();
