import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, roomBans, rooms } from '../db/schema';
import { ApiError } from '../http/api-error';
import { roomMessages } from '../../contract/rooms';
import { nicknameLook } from './nickname-look';

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

/** The caller's membership of the room in a query `from(rooms)`, if any. */
const callersMembership = (userId: string) =>
  and(eq(memberships.roomId, rooms.roomId), eq(memberships.userId, userId));

/** The caller's ban from the room in a query `from(rooms)`, if any. */
const callersBan = (userId: string) =>
  and(eq(roomBans.roomId, rooms.roomId), eq(roomBans.userId, userId));

/**
 * What a join needs to know, in one statement (so one snapshot): the room, the caller's
 * membership and whether they are banned. Read apart, a kick landing between the reads could
 * show a person neither a member nor banned, and the join would let them back in.
 */
export async function findJoinState(db: Db, roomId: string, userId: string) {
  const [row] = await db
    .select({ room: rooms, membership: memberships, bannedAt: roomBans.bannedAt })
    .from(rooms)
    .leftJoin(memberships, callersMembership(userId))
    .leftJoin(roomBans, callersBan(userId))
    .where(eq(rooms.roomId, roomId))
    .limit(1);
  if (!row) throw new ApiError(404, roomMessages.roomNotFound);
  return { room: row.room, existing: row.membership ?? undefined, banned: row.bannedAt !== null };
}

/** Lower-cased, so nicknames in one room are unique whatever their case. */
export const nicknameKey = (nickname: string) => nickname.toLowerCase();

/**
 * A membership's nickname with the two keys the room's unique indexes hold: its case-folded
 * form and its look (nickname-look.ts), so no two members share a name or pass for each other.
 */
export function nicknameColumns(nickname: string) {
  return { nickname, nicknameKey: nicknameKey(nickname), nicknameLook: nicknameLook(nickname) };
}

/**
 * The room's name and invite code, the caller's nickname in it (null for a non-member) and
 * their ban.
 */
export function roomMembershipAndBan(db: Db, roomId: string, userId: string) {
  return db
    .select({
      name: rooms.name,
      inviteCode: rooms.inviteCode,
      directPair: rooms.directPair,
      nickname: memberships.nickname,
      bannedAt: roomBans.bannedAt,
    })
    .from(rooms)
    .leftJoin(memberships, callersMembership(userId))
    .leftJoin(roomBans, callersBan(userId))
    .where(eq(rooms.roomId, roomId))
    .limit(1);
}
