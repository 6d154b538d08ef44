/**
 * GET /api/invites/:roomId: what an invitation is to, so the person can decide. A link on any
 * site can point at /invite or /auto-join; the screen shows the room's name and a Join button
 * instead of joining on sight, and this is where it reads the name.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { InvitePreview } from '../../contract/invites';
import { roomIdSchema, roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { memberships, roomBans, rooms } from '../db/schema';
import { ApiError } from '../http/api-error';

export const inviteRoutes = new Hono<AppEnv>().get('/:roomId', requireUser, async (c) => {
  const roomId = c.req.param('roomId');
  if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, roomMessages.roomNotFound);
  const userId = c.var.user.id;
  const row = await c.var.db
    .select({ name: rooms.name, nickname: memberships.nickname, bannedAt: roomBans.bannedAt })
    .from(rooms)
    .leftJoin(
      memberships,
      and(eq(memberships.roomId, rooms.roomId), eq(memberships.userId, userId)),
    )
    .leftJoin(roomBans, and(eq(roomBans.roomId, rooms.roomId), eq(roomBans.userId, userId)))
    .where(eq(rooms.roomId, roomId))
    .get();
  if (!row) throw new ApiError(404, roomMessages.roomNotFound);
  return c.json({
    roomId,
    name: row.name,
    isMember: row.nickname !== null,
    banned: row.bannedAt !== null,
  } satisfies InvitePreview);
});
