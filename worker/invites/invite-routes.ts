/**
 * GET /api/invites/:roomId: what an invitation is to, so the person can decide. A link on any
 * site can point at /invite or /auto-join; the screen shows the room's name and a Join button
 * instead of joining on sight, and this is where it reads the name.
 */
import { Hono } from 'hono';
import type { InvitePreview } from '../../contract/invites';
import { roomIdSchema, roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { ApiError } from '../http/api-error';
import { roomMembershipAndBan } from '../rooms/room-queries';

export const inviteRoutes = new Hono<AppEnv>().get('/:roomId', requireUser, async (c) => {
  const roomId = c.req.param('roomId');
  if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, roomMessages.roomNotFound);
  const userId = c.var.user.id;
  const row = await roomMembershipAndBan(c.var.db, roomId, userId).get();
  if (!row) throw new ApiError(404, roomMessages.roomNotFound);
  return c.json({
    roomId,
    name: row.name,
    isMember: row.nickname !== null,
    banned: row.bannedAt !== null,
  } satisfies InvitePreview);
});
