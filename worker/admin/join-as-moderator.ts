import { and, eq, exists } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, users, type UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { MODERATOR_MARK, roomMessages } from '../../contract/rooms';
import { findMembership, findRoomOr404, nicknameColumns } from '../rooms/room-queries';
import { isForeignKeyViolation, isUniqueViolation } from '../db/constraint-errors';
import { roomIdSchema } from '../../contract/rooms';
import { directMessages } from '../../contract/direct';
import { refuseIfDirect } from '../rooms/direct-rooms';

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
    const enter = db
      .update(users)
      .set({ roomId, activeNickname: nickname })
      .where(and(eq(users.id, admin.id), isMember));
    try {
      if (existing) {
        const [kept] = await db.batch([
          db
            .update(memberships)
            .set(nicknameColumns(nickname))
            .where(eq(memberships.id, existing.id))
            .returning({ id: memberships.id }),
          enter,
        ]);
        if (kept.length === 0) throw new ApiError(404, roomMessages.roomNotFound);
      } else {
        await db.batch([
          db.insert(memberships).values({
            id: crypto.randomUUID(),
            roomId,
            userId: admin.id,
            ...nicknameColumns(nickname),
            // As any new member: what came before the join is not unread.
            lastReadId: room.lastMessageId,
          }),
          enter,
        ]);
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
