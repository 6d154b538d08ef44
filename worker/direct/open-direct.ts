/**
 * Opening a private conversation with someone from a room both are in: created on first use,
 * found again afterwards, whoever starts it. One batch (one transaction) makes the room and its
 * two memberships only if no room of the pair exists (the unique pair key, ON CONFLICT DO
 * NOTHING), no block stands between them and both are still members of the room it is opened
 * from, so two first clicks at once make one room and a block, kick or account deletion landing
 * meanwhile cannot be slipped past. Nor can either person's cap on conversations
 * (membership-caps.ts): the room is made only while both are below it, so two strangers at once
 * cannot push someone past it. It then reads which room the pair has. The other person is named
 * by a nickname or as a message's author (direct-target.ts).
 */
import { eq } from 'drizzle-orm';
import { DIRECT_ROOM_NAME, directMessages, type OpenDirectResponse } from '../../contract/direct';
import { roomMessages } from '../../contract/rooms';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { randomToken } from '../lib/encoding';
import { searchText } from '../lib/search-text';
import { directPairKey } from '../rooms/direct-rooms';
import { belowConversationCap } from '../rooms/membership-caps';
import { nicknameColumns, roomMembershipAndBan } from '../rooms/room-queries';
import { notMember, targetMember, type DirectTarget } from './direct-target';

/** A block in either direction between the users of two numbered parameters. */
const blockBetween = (a: number, b: number) => `SELECT 1 FROM user_blocks
  WHERE (blocker_id = ?${a} AND blocked_id = ?${b}) OR (blocker_id = ?${b} AND blocked_id = ?${a})`;

/**
 * Whether the user of parameter `user` is still a member of the room of parameter `room`, and
 * not banned from it: checked again inside the batch, since a kick (or an account deletion,
 * whose memberships go with it) can land between the reads above and the batch.
 */
const memberOf = (user: number, room: number) => `EXISTS (SELECT 1 FROM memberships
  WHERE room_id = ?${room} AND user_id = ?${user}) AND NOT EXISTS (SELECT 1 FROM room_bans
  WHERE room_id = ?${room} AND user_id = ?${user})`;

/** What the batch's last statement reads, 1 or 0 each. */
interface StillAllowed {
  callerIn: number;
  otherIn: number;
  callerHasRoom: number;
  otherHasRoom: number;
}

export interface OpenedDirect extends OpenDirectResponse {
  /** The room's object is to be made (a new room). */
  created: boolean;
}

/**
 * The caller must be a member of `fromRoomId` and not banned from it (a stranger hears that the
 * room does not exist), and so must the other person. Each side takes the nickname they have in
 * `fromRoomId`: unique there, so unique in a room of two. A nickname is looked up beside the
 * caller's membership; a message's author only once that is known, so that a stranger's call
 * never reaches the room's object.
 */
export async function openDirect(
  db: Db,
  caller: UserRow,
  fromRoomId: string,
  target: DirectTarget,
): Promise<OpenedDirect> {
  const byNickname = 'nickname' in target ? targetMember(db, fromRoomId, target) : undefined;
  const [[from], named] = await Promise.all([
    roomMembershipAndBan(db, fromRoomId, caller.id),
    byNickname,
  ]);
  if (!from || from.nickname === null || from.bannedAt !== null) {
    throw new ApiError(404, roomMessages.roomNotFound);
  }
  const other = byNickname ? named : await targetMember(db, fromRoomId, target);
  if (!other) throw new ApiError(404, notMember(target));
  if (other.userId === caller.id) throw new ApiError(400, directMessages.notYourself);

  const pair = directPairKey(caller.id, other.userId);
  const newRoomId = randomToken(16);
  const d1 = db.$client;
  const member = (userId: string, memberNickname: string) => {
    const { nicknameKey: key, nicknameLook: look } = nicknameColumns(memberNickname);
    // Only into the room this batch made: nothing when the pair already had one.
    return d1
      .prepare(
        `INSERT INTO memberships (id, room_id, user_id, nickname, nickname_key, nickname_look)
         SELECT ?1, room_id, ?2, ?3, ?4, ?5 FROM rooms WHERE room_id = ?6`,
      )
      .bind(crypto.randomUUID(), userId, memberNickname, key, look, newRoomId);
  };
  const [, , , , pairRoom, block, still] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `INSERT INTO rooms (room_id, name, search_name, created_by, direct_pair)
         SELECT ?1, ?2, ?3, NULL, ?4 WHERE NOT EXISTS (${blockBetween(5, 6)})
           AND ${memberOf(5, 7)} AND ${memberOf(6, 7)}
           AND ${belowConversationCap('?5')} AND ${belowConversationCap('?6')}
         ON CONFLICT (direct_pair) DO NOTHING`,
      )
      .bind(
        newRoomId,
        DIRECT_ROOM_NAME,
        searchText(DIRECT_ROOM_NAME),
        pair,
        caller.id,
        other.userId,
        fromRoomId,
      ),
    member(caller.id, from.nickname),
    member(other.userId, other.nickname),
    d1
      .prepare(
        `UPDATE counters SET value = value + (SELECT COUNT(*) FROM rooms WHERE room_id = ?1)
         WHERE name = 'rooms'`,
      )
      .bind(newRoomId),
    d1
      .prepare(
        `SELECT rooms.room_id AS roomId, memberships.nickname AS nickname FROM rooms
         LEFT JOIN memberships ON memberships.room_id = rooms.room_id AND memberships.user_id = ?2
         WHERE rooms.direct_pair = ?1`,
      )
      .bind(pair, caller.id),
    d1.prepare(blockBetween(1, 2)).bind(caller.id, other.userId),
    d1
      .prepare(
        `SELECT ${memberOf(1, 3)} AS callerIn, ${memberOf(2, 3)} AS otherIn,
           ${belowConversationCap('?1')} AS callerHasRoom,
           ${belowConversationCap('?2')} AS otherHasRoom`,
      )
      .bind(caller.id, other.userId, fromRoomId),
  ]);
  const found = pairRoom?.results[0] as { roomId: string; nickname: string | null } | undefined;
  const blocked = (block?.results.length ?? 0) > 0;
  // The same answers as the checks above, as they stand in the batch's own snapshot.
  const members = still?.results[0] as StillAllowed | undefined;
  if (!members?.callerIn) throw new ApiError(404, roomMessages.roomNotFound);
  if (!members.otherIn) throw new ApiError(404, notMember(target));
  // No room for the pair and no block: one of them is at the cap on conversations (no room was
  // made, so these counts are the ones the insert saw).
  if (!found && !blocked) {
    if (!members.callerHasRoom) throw new ApiError(409, directMessages.tooManyConversations);
    if (!members.otherHasRoom) throw new ApiError(409, directMessages.theirsFull);
  }
  // Who blocked whom is not said: either way it is the same sentence.
  if (blocked || !found || found.nickname === null) {
    throw new ApiError(403, directMessages.blocked);
  }
  await db
    .update(users)
    .set({ roomId: found.roomId, activeNickname: found.nickname })
    .where(eq(users.id, caller.id));
  return {
    roomId: found.roomId,
    activeNickname: found.nickname,
    created: found.roomId === newRoomId,
  };
}
