import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';
import { roomIdSchema } from '../../contract/rooms';
import { logSecurityEvent } from '../security/guards';
import { findRoomOr404 } from './room-queries';
import { directMessages } from '../../contract/direct';
import { refuseIfDirect } from './direct-rooms';

/** Lets through the room's owner and administrators, with `c.var.room` set. */
export const requireRoomModerator = createMiddleware<AppEnv>(async (c, next) => {
  const roomId = c.req.param('roomId') ?? '';
  if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, 'Room not found');
  const room = await findRoomOr404(c.var.db, roomId);
  // Members, kicks and bans mean nothing in a room of two that nobody else may enter.
  refuseIfDirect(room, directMessages.noModeration);
  const isOwner = room.createdBy === c.var.user.id;
  if (!isOwner && c.var.user.role !== 'admin') {
    // A read is how the app asks whether the person may moderate (the drawer asks for the
    // members on every open, and takes a 403 for "not the owner"): logged, never scored, or a
    // member browsing their rooms would block their own network. A change still scores.
    logSecurityEvent(
      c,
      {
        eventType: 'access_denied',
        userId: c.var.user.id,
        details: { path: new URL(c.req.url).pathname, roomId },
      },
      { score: c.req.method === 'GET' ? 'never' : undefined },
    );
    throw new ApiError(403, 'Only the room owner or a moderator can do this');
  }
  c.set('room', room);
  await next();
});
