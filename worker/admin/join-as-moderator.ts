import { and, eq, exists } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, users, type RoomRow, type UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { MODERATOR_MARK, roomMessages } from '../../contract/rooms';
import { findMembership, findRoomOr404, nicknameColumns } from '../rooms/room-queries';
import { isForeignKeyViolation, isUniqueViolation } from '../db/constraint-errors';
import { roomIdSchema } from '../../contract/rooms';
import { directMessages } from '../../contract/direct';
import { refuseIfDirect } from '../rooms/direct-rooms';
import { belowRoomCap } from '../rooms/membership-caps';

/**
 * Puts an administrator in any room under a moderator nickname ('Mod' and a frog, then their
 * own nickname), which the nickname rules keep out of reach of ordinary members. `renamed`
 * says that an existing membership's nickname changed (the room must hear of it).
 */
export async function joinAsModerator(
  db: Db,
  admin: UserRow,
  roomId: string,
): Promise<{ nickname: string; renamed: boolean }> {
  if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, 'Room not found');
  // Administrators are not in people's private conversations (docs/direct-messages.md).
  const room = await findRoomOr404(db, roomId);
  refuseIfDirect(room, directMessages.noAdminJoin);
  const candidates = [
    `${MODERATOR_MARK} ${admin.nickname}`,
    `${MODERATOR_MARK} ${admin.nickname}-${admin.id.slice(0, 4)}`,
  ];
  const existing = await findMembership(db, roomId, admin.id);
  // The room may be deleted while this runs (another admin's Delete). The membership and the
  // admin's current room are written in one transaction, the room made current only while the
  // membership stands, so a deleted room is a 404 and never the admin's current room.
  const isMember = exists(
    db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.roomId, roomId), eq(memberships.userId, admin.id))),
  );
  for (const nickname of candidates) {
    try {
      if (existing) {
        const [kept] = await db.batch([
          db
            .update(memberships)
            .set(nicknameColumns(nickname))
            .where(eq(memberships.id, existing.id))
            .returning({ id: memberships.id }),
          db
            .update(users)
            .set({ roomId, activeNickname: nickname })
            .where(and(eq(users.id, admin.id), isMember)),
        ]);
        if (kept.length === 0) throw new ApiError(404, roomMessages.roomNotFound);
      } else {
        const written = await enterAsNewcomer(db, room, admin.id, nickname);
        if (written.length === 0) throw new ApiError(409, roomMessages.tooManyRooms);
      }
      return { nickname, renamed: existing !== undefined && existing.nickname !== nickname };
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new ApiError(404, roomMessages.roomNotFound);
      // Two administrators with the same nickname: the second takes the suffixed form.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new ApiError(409, 'Could not find a free moderator nickname in this room');
}

/**
 * The administrator's new membership, and the room made their current one, in one batch (one
 * transaction) as above; the membership only below their cap on rooms, counted in the same
 * statement (membership-caps.ts). Answers the row written: none at the cap (a room deleted
 * meanwhile fails the foreign key instead).
 */
async function enterAsNewcomer(db: Db, room: RoomRow, adminId: string, nickname: string) {
  const { nicknameKey, nicknameLook } = nicknameColumns(nickname);
  const d1 = db.$client;
  const [written] = await d1.batch<{ id: string }>([
    d1
      .prepare(
        // As any new member: what came before the join is not unread.
        `INSERT INTO memberships
           (id, room_id, user_id, nickname, nickname_key, nickname_look, last_read_id)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE ${belowRoomCap('?3')}
         RETURNING id`,
      )
      .bind(
        crypto.randomUUID(),
        room.roomId,
        adminId,
        nickname,
        nicknameKey,
        nicknameLook,
        room.lastMessageId,
      ),
    d1
      .prepare(
        `UPDATE users SET room_id = ?1, active_nickname = ?2 WHERE id = ?3
           AND EXISTS (SELECT 1 FROM memberships WHERE room_id = ?1 AND user_id = ?3)`,
      )
      .bind(room.roomId, nickname, adminId),
  ]);
  return written?.results ?? [];
}
