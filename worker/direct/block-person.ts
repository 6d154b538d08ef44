/**
 * A block ends a private conversation for both: it is recorded (blocker to blocked), and the
 * room is deleted as an administrator's deletion does it (its sockets are told and ended, its
 * history, files and memberships go). While a block stands in either direction, neither can
 * open a conversation with the other (open-direct.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import { directMessages, type BlockedPerson } from '../../contract/direct';
import { roomMessages } from '../../contract/rooms';
import type { Db } from '../db/client';
import { memberships, rooms, userBlocks, type UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { otherOfPair } from '../rooms/direct-rooms';
import { deleteRoomEverywhere } from '../room-removal/delete-room';

/** The list of people one has blocked is bounded: the newest this many. */
const BLOCK_LIST_LIMIT = 200;

/** The caller's private conversation `roomId` and the other person in it, or a refusal. */
async function conversationOf(db: Db, roomId: string, caller: UserRow) {
  const row = await db
    .select({ pair: rooms.directPair, nickname: memberships.nickname })
    .from(rooms)
    .innerJoin(
      memberships,
      and(eq(memberships.roomId, rooms.roomId), eq(memberships.userId, caller.id)),
    )
    .where(eq(rooms.roomId, roomId))
    .get();
  // Not a member: as if the room did not exist.
  if (!row) throw new ApiError(404, roomMessages.roomNotFound);
  const otherId = row.pair === null ? undefined : otherOfPair(row.pair, caller.id);
  if (!otherId) throw new ApiError(400, directMessages.notDirect);
  const other = await db
    .select({ nickname: memberships.nickname })
    .from(memberships)
    .where(and(eq(memberships.roomId, roomId), eq(memberships.userId, otherId)))
    .get();
  return { otherId, otherNickname: other?.nickname ?? null };
}

/**
 * Blocks the other member of the caller's conversation `roomId` and ends it. Two blocks at once
 * (each blocking the other) both stand; the room goes once.
 */
export async function blockInConversation(env: Env, db: Db, roomId: string, caller: UserRow) {
  const { otherId, otherNickname } = await conversationOf(db, roomId, caller);
  // Without a membership the other deleted their account: nobody is left to block, and the
  // conversation still ends.
  if (otherNickname !== null) {
    await db
      .insert(userBlocks)
      .values({
        id: crypto.randomUUID(),
        blockerId: caller.id,
        blockedId: otherId,
        blockedNickname: otherNickname,
      })
      .onConflictDoNothing();
  }
  await deleteRoomEverywhere(env, db, roomId);
}

export async function listBlocks(db: Db, caller: UserRow): Promise<BlockedPerson[]> {
  const rows = await db
    .select({
      id: userBlocks.id,
      nickname: userBlocks.blockedNickname,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, caller.id))
    .orderBy(desc(userBlocks.createdAt))
    .limit(BLOCK_LIST_LIMIT);
  return rows;
}

/** Lifts one of the caller's own blocks (a block the other made stays). */
export async function unblock(db: Db, caller: UserRow, blockId: string) {
  const removed = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.id, blockId), eq(userBlocks.blockerId, caller.id)))
    .returning({ id: userBlocks.id });
  if (removed.length === 0) throw new ApiError(404, directMessages.blockNotFound);
}
