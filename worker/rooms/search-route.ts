/**
 * GET /api/rooms/:roomId/search?q=<words>&before=<message id>: a member's search of the room's
 * history, answered by the room object (worker/chat/messages/search-index.ts). Members only,
 * as the nicknames route: a stranger, a kicked or banned person learns nothing, not even that
 * the room exists, and the room checks its own ban list too. Bad words or a bad `before` get a
 * 400 that says what is wrong; a person searching too fast, 429.
 */
import { Hono } from 'hono';
import { roomIdSchema, roomMessages } from '../../contract/rooms';
import { searchMessages, searchQuerySchema, type SearchResponse } from '../../contract/search';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { ApiError } from '../http/api-error';
import { searchRoom } from '../room-calls/room-rpc';
import { findMembership } from './room-queries';

export const searchRoutes = new Hono<AppEnv>().get(
  '/rooms/:roomId/search',
  requireUser,
  async (c) => {
    const roomId = c.req.param('roomId');
    const member =
      roomIdSchema.safeParse(roomId).success &&
      (await findMembership(c.var.db, roomId, c.var.user.id));
    if (!member) throw new ApiError(404, roomMessages.roomNotFound);
    const parsed = searchQuerySchema.safeParse({
      q: c.req.query('q'),
      before: c.req.query('before'),
    });
    if (!parsed.success) {
      throw new ApiError(400, parsed.error.issues[0]?.message ?? searchMessages.empty);
    }
    const outcome = await searchRoom(c.env, roomId, c.var.user.id, parsed.data);
    if ('refused' in outcome) {
      if (outcome.refused === 'rate_limited') throw new ApiError(429, searchMessages.tooFast);
      throw new ApiError(404, roomMessages.roomNotFound);
    }
    return c.json(outcome satisfies SearchResponse);
  },
);
