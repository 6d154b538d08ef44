/**
 * /socket.io: the worker checks the address, the Engine.IO query, the origin, the session and
 * the membership (all of D1's part in one round trip, see upgrade-check.ts), then hands the
 * upgrade to the room's Durable Object. A refusal is a Socket.IO CONNECT_ERROR with a message
 * and its code (the client shows it and stops retrying), except for a blocked address (429) and requests
 * that are not websocket upgrades at all (400), which get plain HTTP answers.
 */
import { Hono } from 'hono';
import { REFUSED, type Refused } from '../../../contract/realtime';
import { roomIdSchema } from '../../../contract/rooms';
import type { AppEnv } from '../../app-env';
import { ApiError } from '../../http/api-error';
import { isSameOrigin } from '../../http/same-origin';
import { clientIp } from '../../security/client-ip';
import { logSecurityEvent, refuseBlocked } from '../../security/guards';
import { checkUpgrade } from './upgrade-check';
import { forwardUpgrade } from '../../room-calls/room-rpc';
import { FORWARDED_HEADER, forwardedValue } from './forwarded';
import { refuseSocket } from '../../socket-io';
import { refusal } from './connect-refusal';
import { ROOM_SOCKET_OPTIONS } from '../sockets/room-socket-options';
import { checkTicketUpgrade } from './ticket-upgrade';

/** The open packet of a refusal tells the same settings as a room's. */
const REFUSAL_SETTINGS = {
  pingInterval: ROOM_SOCKET_OPTIONS.pingInterval!,
  pingTimeout: ROOM_SOCKET_OPTIONS.pingTimeout!,
  maxPayload: ROOM_SOCKET_OPTIONS.maxPayload!,
};

// '/*' so that both /socket.io and /socket.io/ (what socket.io-client requests) are served.
export const socketRoute = new Hono<AppEnv>().get('/*', async (c) => {
  const roomId = c.req.query('room') ?? '';
  const validRoomId = roomIdSchema.safeParse(roomId).success;
  // Before D1 is read: a nickname the room hears of after this may be newer than the answer.
  const checkedAt = Date.now();
  // A ticket, when the socket brings one, stands for D1's answers (ticket-upgrade.ts).
  const ticketed = await checkTicketUpgrade(c, validRoomId ? roomId : '');
  const { blockedUntil, user, room } =
    ticketed ?? (await checkUpgrade(c, validRoomId ? roomId : ''));
  if (blockedUntil !== null) await refuseBlocked(c, blockedUntil, user?.role);
  if (
    c.req.header('Upgrade')?.toLowerCase() !== 'websocket' ||
    c.req.query('transport') !== 'websocket'
  ) {
    throw new ApiError(400, 'Only the websocket transport is supported');
  }
  if (c.req.query('EIO') !== '4') throw new ApiError(400, 'Unsupported Engine.IO protocol version');
  // A member's refusals are logged, never scored: the app's own tabs meet these (a room
  // deleted, a kick), one per reconnect, and the room's refusals and the upgrade limit are what
  // score a loop (room-security-log.ts). Without a session they are counted per address and
  // hour, and score as any anonymous refusal does (security/anonymous-refusals.ts): a tab whose
  // session ended stops at its first.
  const refuse = (refused: Refused, userId?: string) => {
    logSecurityEvent(
      c,
      {
        eventType: 'socket_refused',
        userId,
        details: { roomId: roomId.slice(0, 64), reason: refused.error },
      },
      userId ? { signedIn: true, score: 'never' } : { signedIn: false },
    );
    return refuseSocket(refusal(refused), REFUSAL_SETTINGS);
  };
  if (!isSameOrigin(c.req.raw)) return refuse(REFUSED.crossOrigin, user?.id);

  if (ticketed?.refusal) return refuse(ticketed.refusal, ticketed.user?.id);
  if (!user) return refuse(REFUSED.notAuthenticated);
  if (!room) return refuse(REFUSED.roomNotFound, user.id);
  if (room.banned) return refuse(REFUSED.banned, user.id);
  // Administrators too: they enter a room by joining as moderator, which makes a membership,
  // and only a membership's room hears of a logout (close-sockets.ts).
  if (!room.nickname) return refuse(REFUSED.notMember, user.id);

  // The room reads only this (and Upgrade): a fresh request of one header, not a copy of every
  // header the client sent with the facts set on top (every connect would copy them all), nor
  // a header per fact.
  const headers = {
    Upgrade: 'websocket',
    [FORWARDED_HEADER]: forwardedValue({
      userId: user.id,
      role: user.role,
      sessionId: user.sessionId,
      roomId,
      roomName: room.name,
      memberAs: room.nickname ?? '',
      ip: clientIp(c.req.raw),
      checkedAt: ticketed?.issuedAt ?? checkedAt,
      ticketIssuedAt: ticketed?.issuedAt ?? null,
      shareReads: user.shareReads,
    }),
  };
  return forwardUpgrade(c.env, roomId, new Request(c.req.url, { headers }));
});
