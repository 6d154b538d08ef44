/** POST /api/admin/broadcast: one message to one room or to every room. */
import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { broadcastBody } from '../../contract/admin';
import type { MessageType } from '../../contract/realtime';
import type { AppEnv } from '../app-env';
import { renderFancy } from '../chat/render-fancy';
import { renderMessage } from '../chat/render-message';
import { roomStub } from '../chat/room-stub';
import { rooms } from '../db/schema';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { logSecurityEvent } from '../security/guards';
import { findRoomOr404 } from '../rooms/room-queries';

/**
 * 'all' fans out from the worker, so the browser sends one request. It reaches the most
 * recently created rooms up to this bound (a Worker may make at most 1,000 subrequests); a
 * product with more rooms would move the fan-out to a Queue.
 */
const ALL_ROOMS_LIMIT = 900;
const FAN_OUT_CONCURRENCY = 25;

export const broadcastRoute = new Hono<AppEnv>().post(
  '/',
  validateJson(broadcastBody),
  async (c) => {
    const { roomId, message, messageType } = c.req.valid('json');
    const targets =
      roomId === 'all'
        ? await c.var.db
            .select({ roomId: rooms.roomId, name: rooms.name })
            .from(rooms)
            .orderBy(desc(rooms.createdAt))
            .limit(ALL_ROOMS_LIMIT)
        : [await findRoomOr404(c.var.db, roomId)];
    const html = messageType === 'system-fancy' ? renderFancy(message) : renderMessage(message);
    if (!html.trim()) throw new ApiError(400, 'Please enter a message to broadcast');

    let delivered = 0;
    for (let i = 0; i < targets.length; i += FAN_OUT_CONCURRENCY) {
      const batch = targets.slice(i, i + FAN_OUT_CONCURRENCY);
      const results = await Promise.allSettled(
        batch.map((room) =>
          roomStub(c.env, room.roomId).adminBroadcast(
            room.roomId,
            room.name,
            messageType as MessageType,
            html,
          ),
        ),
      );
      delivered += results.filter((result) => result.status === 'fulfilled').length;
    }
    logSecurityEvent(c, {
      eventType: 'admin_broadcast',
      userId: c.var.user.id,
      details: { target: roomId, messageType, rooms: delivered, message: message.slice(0, 200) },
    });
    return c.json({ success: true, message: 'Broadcast sent successfully', rooms: delivered });
  },
);
