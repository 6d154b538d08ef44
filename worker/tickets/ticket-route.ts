/**
 * POST /api/rooms/:roomId/ticket: a short-lived signed ticket that lets the caller's next socket
 * into the room without a D1 round trip at the upgrade (docs/realtime.md). The checks are the
 * cookie upgrade's, read here instead: a live session (requireUser), the same origin (the /api
 * middleware), the room, the membership and no ban. Administrators need a membership too
 * (they enter rooms through one, join-as-moderator.ts), as they do for a cookie upgrade.
 * Requiring it means every ticket holder is a member, so every change that ends a member's
 * access reaches the room, which voids older tickets (chat/room/ticket-voids.ts).
 */
import { Hono } from 'hono';
import { REFUSED } from '../../contract/realtime';
import { roomIdSchema } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { roomMembershipAndBan } from '../rooms/room-queries';
import { ApiError } from '../http/api-error';
import { clientIp } from '../security/client-ip';
import { enforceLimit } from '../security/guards';
import { signTicket } from './sign';
import { wakeRoom } from './room-wake';

/** A chat screen needs one per connect and reconnect; a loop asking for more is refused. */
const TICKETS_PER_MINUTE = 30;

export const ticketRoutes = new Hono<AppEnv>().post(
  '/rooms/:roomId/ticket',
  requireUser,
  async (c) => {
    const roomId = c.req.param('roomId');
    if (!roomIdSchema.safeParse(roomId).success) {
      throw new ApiError(404, REFUSED.roomNotFound.error);
    }
    const { user, session } = c.var;
    // The account's own limit: it must not score the address (someone else's tab may share it).
    await enforceLimit(
      c,
      {
        name: 'socket-ticket',
        key: `socket-ticket:${user.id}`,
        max: TICKETS_PER_MINUTE,
        windowMs: 60_000,
      },
      { score: 'never' },
    );
    const [room] = await roomMembershipAndBan(c.var.db, roomId, user.id);
    if (!room) throw new ApiError(404, REFUSED.roomNotFound.error);
    if (room.bannedAt !== null) throw new ApiError(403, REFUSED.banned.error);
    if (room.nickname === null) throw new ApiError(403, REFUSED.notMember.error);
    const answer = await signTicket(c.env, {
      userId: user.id,
      sessionId: session.id,
      role: user.role,
      roomId,
      roomName: room.name,
      nickname: room.nickname,
      ip: clientIp(c.req.raw),
      shareReads: user.shareReads,
    });
    // The socket follows in a moment: its room starts now, while the answer travels.
    wakeRoom(c.env, roomId, (work) => c.executionCtx.waitUntil(work));
    return c.json(answer);
  },
);
