/**
 * A room's Removed list and lifting a ban. The list walks the room's bans newest first by
 * (banned_at, user_id) on room_bans_room_banned_idx, a page at a time from the cursor of the
 * page before (lib/keyset-page.ts), as the member lists do: banned_at alone ties.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { BAN_PAGE_SIZE, roomMessages, type BansResponse } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { callRoomOrOwe } from '../room-calls/owed-room-calls';
import type { Db } from '../db/client';
import { roomBans } from '../db/schema';
import { ApiError } from '../http/api-error';
import { keysetPage, pastCursor } from '../lib/keyset-page';
import { foldedSql, searchText } from '../lib/search-text';
import { logSecurityEvent } from '../security/guards';
import { ownedBy, ownsRoom } from './not-owned-by';
import { refusedMeanwhile } from './room-settings-access';

const newestFirst = { time: roomBans.bannedAt, id: roomBans.userId, descending: true };

/**
 * One page of the people banned from a room (by a kick), newest first; with `q`, those whose
 * nickname starts with it, whatever the case. A search reads the room's bans newest first until
 * the page is full: bounded by the room, and asked for only by its owner or an administrator.
 */
export async function banPage(
  db: Db,
  roomId: string,
  { q, after }: { q?: string; after?: string },
): Promise<BansResponse> {
  const scope = `bans ${roomId} ${q ?? ''}`;
  const folded = q ? searchText(q) : '';
  const rows = await db
    .select({ userId: roomBans.userId, nickname: roomBans.nickname, bannedAt: roomBans.bannedAt })
    .from(roomBans)
    .where(
      and(
        eq(roomBans.roomId, roomId),
        pastCursor(newestFirst, after, scope),
        folded ? sql`instr(${foldedSql(roomBans.nickname)}, ${folded}) = 1` : undefined,
      ),
    )
    .orderBy(desc(roomBans.bannedAt), desc(roomBans.userId))
    .limit(BAN_PAGE_SIZE + 1);
  const { page, nextAfter } = keysetPage(rows, BAN_PAGE_SIZE, scope, (ban) => ({
    createdAt: ban.bannedAt,
    id: ban.userId,
  }));
  return { bans: page, nextAfter };
}

/**
 * Lifts a ban, so the person can join through the invite again, and tells the room object,
 * which keeps its own copy of the ban for refusing sockets. Answers the banned nickname.
 */
export async function liftBan(c: Context<AppEnv>, userId: string): Promise<string> {
  const { db, room, user } = c.var;
  // DELETE ... RETURNING: of two moderators lifting one ban at once, one gets the 404. An owner
  // lifts it only while they still own the room: one who handed it over since the moderator
  // check read it leaves the new owner's ban standing. An administrator is not held to owning it.
  const ownerStill = user.role === 'admin' ? undefined : ownedBy(db, room.roomId, user.id);
  const [lifted] = await db
    .delete(roomBans)
    .where(and(eq(roomBans.roomId, room.roomId), eq(roomBans.userId, userId), ownerStill))
    .returning({ nickname: roomBans.nickname });
  if (!lifted && ownerStill && !(await ownsRoom(db, room.roomId, user.id))) {
    throw await refusedMeanwhile(db, room.roomId);
  }
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
  // Queued when the room stays out of reach: the ban is lifted in D1 either way.
  await callRoomOrOwe(c.env, { kind: 'unban', roomId: room.roomId, userId });
  return lifted.nickname;
}
