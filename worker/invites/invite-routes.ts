/**
 * GET /api/invites/:roomId[?invite=]: what an invitation is to, so the person can decide. A
 * link on any site can point at /invite or /auto-join; the screen shows the room's name, its
 * owner and a Join button instead of joining on sight, and this is where it reads them. A link
 * the room no longer honours answers like a room that does not exist.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { INVITE_PARAM, inviteMessages, type InvitePreview } from '../../contract/invites';
import { roomIdSchema, roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import type { Db } from '../db/client';
import { memberships, rooms } from '../db/schema';
import { ApiError } from '../http/api-error';
import { inviteAdmits } from '../rooms/room-admission';
import { roomMembershipAndBan } from '../rooms/room-queries';
import { directRoomName } from '../rooms/direct-rooms';

export const inviteRoutes = new Hono<AppEnv>().get('/:roomId', requireUser, async (c) => {
  const roomId = c.req.param('roomId');
  if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, roomMessages.roomNotFound);
  const { db } = c.var;
  const [row, owner] = await Promise.all([
    roomMembershipAndBan(db, roomId, c.var.user.id).get(),
    ownerNickname(db, roomId),
  ]);
  if (!row) throw new ApiError(404, roomMessages.roomNotFound);
  const isMember = row.nickname !== null;
  // A private conversation invites nobody: to anyone but its two it does not exist.
  if (!isMember && row.directPair !== null) throw new ApiError(404, roomMessages.roomNotFound);
  const code = c.req.query(INVITE_PARAM);
  if (!isMember && !(await inviteAdmits(db, { roomId, inviteCode: row.inviteCode }, code))) {
    throw new ApiError(404, inviteMessages.linkInvalid);
  }
  return c.json({
    roomId,
    // Named as its member sees it: after the other person, for a private conversation.
    name: row.directPair === null ? row.name : await directRoomName(db, roomId, c.var.user.id),
    owner: owner?.nickname ?? null,
    isMember,
    banned: row.bannedAt !== null,
  } satisfies InvitePreview);
});

/** The nickname the room's creator has in it, if they are still a member. */
function ownerNickname(db: Db, roomId: string) {
  return db
    .select({ nickname: memberships.nickname })
    .from(rooms)
    .innerJoin(
      memberships,
      and(eq(memberships.roomId, rooms.roomId), eq(memberships.userId, rooms.createdBy)),
    )
    .where(eq(rooms.roomId, roomId))
    .get();
}
