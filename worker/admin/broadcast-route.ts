/**
 * POST /api/admin/broadcast: one message to one room (delivered before the answer, 200) or to
 * every room (queued, 202 with the broadcast's id); GET /api/admin/broadcasts/:broadcastId
 * tells how far a queued one got.
 */
import { Hono } from 'hono';
import {
  broadcastBody,
  type BroadcastQueued,
  type BroadcastSent,
  type BroadcastStatus,
} from '../../contract/admin';
import type { MessageType } from '../../contract/realtime';
import type { AppEnv } from '../app-env';
import { renderFancy } from '../chat/messages/render-fancy';
import { hasVisibleText, renderMessage } from '../chat/messages/render-message';
import { adminBroadcast } from '../room-calls/room-rpc';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { readBroadcastStatus } from '../queues/broadcast-progress';
import { startBroadcast } from '../queues/start-broadcast';
import { logSecurityEvent } from '../security/guards';
import { findRoomOr404 } from '../rooms/room-queries';

export const broadcastRoute = new Hono<AppEnv>().post(
  '/',
  validateJson(broadcastBody),
  async (c) => {
    const { roomId, message } = c.req.valid('json');
    const messageType = c.req.valid('json').messageType as MessageType;
    const room = roomId === 'all' ? null : await findRoomOr404(c.var.db, roomId);
    const html = messageType === 'system-fancy' ? renderFancy(message) : renderMessage(message);
    if (!hasVisibleText(html)) throw new ApiError(400, 'Please enter a message to broadcast');
    const audit = (details: Record<string, unknown>) =>
      logSecurityEvent(c, {
        eventType: 'admin_broadcast',
        userId: c.var.user.id,
        details: { target: roomId, messageType, ...details, message: message.slice(0, 200) },
      });

    if (!room) {
      const { broadcastId, total } = await startBroadcast(c.env, {
        adminId: c.var.user.id,
        messageType,
        html,
      });
      audit({ rooms: total, broadcastId });
      return c.json(
        {
          success: true,
          message: 'Broadcast sent successfully',
          broadcastId,
          rooms: total,
        } satisfies BroadcastQueued,
        202,
      );
    }
    try {
      await adminBroadcast(c.env, room, messageType, html);
    } catch (error) {
      console.error(`[broadcast] room ${room.roomId}:`, error);
      throw new ApiError(502, 'Failed to send broadcast');
    }
    audit({ rooms: 1 });
    return c.json({
      success: true,
      message: 'Broadcast sent successfully',
      rooms: 1,
    } satisfies BroadcastSent);
  },
);

export const broadcastStatusRoute = new Hono<AppEnv>().get('/:broadcastId', async (c) => {
  const status = await readBroadcastStatus(c.env.DB, c.req.param('broadcastId'));
  if (!status) throw new ApiError(404, 'Broadcast not found');
  return c.json(status satisfies BroadcastStatus);
});
