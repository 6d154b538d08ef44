import { and, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { roomMessages, type RoomBan } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { unbanMember } from '../room-calls/room-rpc';
import type { Db } from '../db/client';
import { roomBans } from '../db/schema';
import { ApiError } from '../http/api-error';
import { logSecurityEvent } from '../security/guards';

/** A room kicked from for years still answers a bounded list: the most recent bans. */
const BAN_LIST_LIMIT = 500;

/** The people banned from a room (by a kick), newest first. */
export async function listBans(db: Db, roomId: string): Promise<RoomBan[]> {
  return db
    .select({ userId: roomBans.userId, nickname: roomBans.nickname, bannedAt: roomBans.bannedAt })
    .from(roomBans)
    .where(eq(roomBans.roomId, roomId))
    .orderBy(desc(roomBans.bannedAt))
    .limit(BAN_LIST_LIMIT);
}

/**
 * Lifts a ban, so the person can join through the invite again, and tells the room object,
 * which keeps its own copy of the ban for refusing sockets. Answers the banned nickname.
 */
export async function liftBan(c: Context<AppEnv>, userId: string): Promise<string> {
  const { db, room, user } = c.var;
  // DELETE ... RETURNING: of two moderators lifting one ban at once, one gets the 404.
  const [lifted] = await db
    .delete(roomBans)
    .where(and(eq(roomBans.roomId, room.roomId), eq(roomBans.userId, userId)))
    .returning({ nickname: roomBans.nickname });
  if (!lifted) throw new ApiError(404, roomMessages.notBanned);
  logSecurityEvent(c, {
    eventType: 'member_unbanned',
    userId: user.id,
    details: {
      roomId: room.roomId,
      unbannedUserId: userId,
      nickname: lifted.nickname,
      byRole: user.role,
    },
  });
  await unbanMember(c.env, room.roomId, userId);
  return lifted.nickname;
}
