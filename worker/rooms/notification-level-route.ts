/** PUT /api/rooms/:roomId/notifications: a member's notification level in one room (issue 35). */
import { and, eq, notExists } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  notificationLevelBody,
  type NotificationLevelResponse,
} from '../../contract/notifications';
import { roomIdSchema, roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { memberships, roomBans } from '../db/schema';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';

export const notificationLevelRoutes = new Hono<AppEnv>().put(
  '/rooms/:roomId/notifications',
  requireUser,
  validateJson(notificationLevelBody),
  async (c) => {
    const roomId = c.req.param('roomId');
    if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, roomMessages.roomNotFound);
    const { level } = c.req.valid('json');
    const { db, user } = c.var;
    // One statement: the membership is the permission, and a ban read apart could land between
    // the check and the write. A kick deletes the membership (and its level) and bans in one
    // batch, so the ban clause only guards against rows written by hand; nobody else learns
    // whether the room exists.
    const updated = await db
      .update(memberships)
      .set({ notificationLevel: level })
      .where(
        and(
          eq(memberships.roomId, roomId),
          eq(memberships.userId, user.id),
          notExists(
            db
              .select({ one: roomBans.userId })
              .from(roomBans)
              .where(and(eq(roomBans.roomId, roomId), eq(roomBans.userId, user.id))),
          ),
        ),
      )
      .returning({ level: memberships.notificationLevel });
    if (updated.length === 0) throw new ApiError(404, roomMessages.roomNotFound);
    return c.json({ level } satisfies NotificationLevelResponse);
  },
);
