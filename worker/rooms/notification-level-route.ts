/**
 * /api/rooms/:roomId/notifications: a member's notification level in one room (issue 35).
 * PUT sets it; GET reads it for a room the room list does not hold (it stops at its 200 most
 * recently active rooms), so that the chat screen never has to guess it.
 */
import { Hono } from 'hono';
import {
  effectiveNotificationLevel,
  notificationLevelBody,
  type NotificationLevelResponse,
  type RoomNotificationLevelResponse,
} from '../../contract/notifications';
import { roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { memberships } from '../db/schema';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { callersMembership } from './callers-membership';
import { membersUpToDefaultChange } from './notification-levels';

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
