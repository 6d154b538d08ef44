/** POST /api/rooms/:roomId/owner: "Make owner", the room handed to one of its members. */
import { Hono } from 'hono';
import { newOwnerNotice, roomOwnerBody, type RoomOwnerResponse } from '../../contract/room-owner';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { validateJson } from '../http/validate-json';
import { handOverRoom } from './hand-over-room';

// Mounted at /api: the session check sits on the route, as in room-routes.ts.
export const ownerRoutes = new Hono<AppEnv>().post(
  '/rooms/:roomId/owner',
  requireUser,
  validateJson(roomOwnerBody),
  async (c) => {
    const nickname = await handOverRoom(c, c.req.valid('json').userId);
    return c.json({ success: true, message: newOwnerNotice(nickname) } satisfies RoomOwnerResponse);
  },
);
