/**
 * /api/rooms/:roomId/notifications: a member's notification level in one room (issue 35).
 * PUT sets it; GET reads it for a room the room list does not hold (it stops at its 200 most
 * recently active rooms), so that the chat screen never has to guess it.
 */
import { and, eq, notExists, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  effectiveNotificationLevel,
  notificationLevelBody,
  type NotificationLevelResponse,
  type RoomNotificationLevelResponse,
} from '../../contract/notifications';
import { roomIdSchema, roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { memberships, roomBans } from '../db/schema';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { membersUpToDefaultChange } from './notification-levels';

/**
 * The caller's membership in the room, as both routes' one permission: a stranger, a kicked or
 * banned person, an unknown room and a malformed id all get the same 404, so nobody learns
 * whether the room exists. The membership is read in the very statement that reads or writes
 * the level: a ban read apart could land between the check and the write. A kick deletes the
 * membership (and its level) and bans in one batch, so the ban clause only guards against rows
 * written by hand.
 */
function callersMembership(c: Context<AppEnv>): SQL {
  const roomId = c.req.param('roomId') ?? '';
  if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, roomMessages.roomNotFound);
  const { db, user } = c.var;
  return and(
    eq(memberships.roomId, roomId),
    eq(memberships.userId, user.id),
    notExists(
      db
        .select({ one: roomBans.userId })
        .from(roomBans)
        .where(and(eq(roomBans.roomId, roomId), eq(roomBans.userId, user.id))),
    ),
  )!;
}

export const notificationLevelRoutes = new Hono<AppEnv>()
  .get('/rooms/:roomId/notifications', requireUser, async (c) => {
    const member = callersMembership(c);
    const [row] = await c.var.db
      .select({ chosen: memberships.notificationLevel, memberCount: membersUpToDefaultChange })
      .from(memberships)
      .where(member)
      .limit(1);
    if (!row) throw new ApiError(404, roomMessages.roomNotFound);
    return c.json({
      level: effectiveNotificationLevel(row.chosen, row.memberCount ?? 0),
      chosen: row.chosen !== null,
    } satisfies RoomNotificationLevelResponse);
  })
  .put(
    '/rooms/:roomId/notifications',
    requireUser,
    validateJson(notificationLevelBody),
    async (c) => {
      const member = callersMembership(c);
      const { level } = c.req.valid('json');
      const updated = await c.var.db
        .update(memberships)
        .set({ notificationLevel: level })
        .where(member)
        .returning({ level: memberships.notificationLevel });
      if (updated.length === 0) throw new ApiError(404, roomMessages.roomNotFound);
      return c.json({ level } satisfies NotificationLevelResponse);
    },
  );
