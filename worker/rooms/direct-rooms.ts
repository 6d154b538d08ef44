/**
 * What the rest of the API needs to know of private conversations (worker/direct/): which
 * rooms are one, and their name as each side sees it. Nobody enters such a room but its two
 * members: a join, an invite link, moderation and an administrator's join all refuse it here,
 * and everything else a room offers asks for a membership, which only the two have.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rooms } from '../db/schema';
import { ApiError } from '../http/api-error';

/** The pair's key: the two user ids sorted, so whoever starts it finds the same room. */
export function directPairKey(userA: string, userB: string): string {
  return [userA, userB].sort().join(':');
}

/** The other person of a pair key, seen from `userId`. */
export function otherOfPair(pair: string, userId: string): string | undefined {
  return pair.split(':').find((id) => id !== userId);
}

/** Invite links, moderation, joins by id: none of these exist for a private conversation. */
export function refuseIfDirect(room: { directPair: string | null }, message: string) {
  if (room.directPair !== null) throw new ApiError(403, message);
}

/** A newcomer's join by id or link: the room answers as one that does not exist. */
export function refuseNewcomerIfDirect(room: { directPair: string | null }) {
  if (room.directPair !== null) throw new ApiError(404, 'Room not found');
}

/**
 * The room's name as `userId` sees it, in a query with `rooms` in it: a private conversation
 * is named after the other member's nickname in it (the stored name if they left it, say by
 * deleting their account); any other room by its name.
 */
export function roomNameFor(userId: string) {
  return sql<string>`case when ${rooms.directPair} is null then ${rooms.name} else coalesce((
    select other_member.nickname from memberships as other_member
    where other_member.room_id = ${rooms.roomId} and other_member.user_id != ${userId}
    limit 1), ${rooms.name}) end`;
}

/** One room's name as `userId` sees it (roomNameFor, for a single room). */
export async function directRoomName(db: Db, roomId: string, userId: string): Promise<string> {
  const row = await db
    .select({ name: roomNameFor(userId) })
    .from(rooms)
    .where(eq(rooms.roomId, roomId))
    .get();
  return row?.name ?? '';
}
