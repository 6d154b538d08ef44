/**
 * /socket.io: the worker checks the Engine.IO query, the origin, the session and the
 * membership, then hands the upgrade to the room's Durable Object. A refusal is a Socket.IO
 * CONNECT_ERROR with a message (the client shows it and stops retrying), except for requests
 * that are not websocket upgrades at all, which get a plain HTTP 400.
 */
import { Hono } from 'hono';
import { roomIdSchema } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { loadSession } from '../auth/sessions';
import { ApiError } from '../http/api-error';
import { isSameOrigin } from '../http/same-origin';
import { findRoomWithMembership } from '../rooms/room-queries';
import { clientIp } from '../security/client-ip';
import { logSecurityEvent } from '../security/guards';
import { roomStub } from './room-stub';
import { FORWARDED } from './chat-room';
import { refuseSocket } from './refuse-socket';

// '/*' so that both /socket.io and /socket.io/ (what socket.io-client requests) are served.
export const socketRoute = new Hono<AppEnv>().get('/*', async (c) => {
  if (
    c.req.header('Upgrade')?.toLowerCase() !== 'websocket' ||
    c.req.query('transport') !== 'websocket'
  ) {
    throw new ApiError(400, 'Only the websocket transport is supported');
  }
  if (c.req.query('EIO') !== '4') throw new ApiError(400, 'Unsupported Engine.IO protocol version');
  const roomId = c.req.query('room') ?? '';
  const refuse = (message: string, userId?: string) => {
    logSecurityEvent(c, {
      eventType: 'socket_refused',
      userId,
      details: { roomId: roomId.slice(0, 64), reason: message },
    });
    return refuseSocket(message);
  };
  if (!isSameOrigin(c.req.raw)) return refuse('Cross-origin connection refused');

  const found = await loadSession(c);
  if (!found) return refuse('Not authenticated');
  const { user } = found;
  if (!roomIdSchema.safeParse(roomId).success) return refuse('Room not found', user.id);
  const room = await findRoomWithMembership(c.var.db, roomId, user.id);
  if (!room) return refuse('Room not found', user.id);
  if (user.role !== 'admin' && !room.nickname) {
    return refuse('You are not a member of this room', user.id);
  }

  const headers = new Headers(c.req.raw.headers);
  headers.set(FORWARDED.userId, user.id);
  headers.set(FORWARDED.role, user.role);
  headers.set(FORWARDED.roomId, roomId);
  headers.set(FORWARDED.roomName, encodeURIComponent(room.name));
  headers.set(FORWARDED.nickname, encodeURIComponent(room.nickname ?? ''));
  headers.set(FORWARDED.ip, clientIp(c.req.raw));
  return roomStub(c.env, roomId).fetch(new Request(c.req.raw, { headers }));
});
