/**
 * /api/join and /api/rooms: joining, the caller's room list, leaving, members, kicks and bans.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  joinBody,
  kickBody,
  roomListQuery,
  roomMessages,
  type BansResponse,
  type JoinResponse,
  type KickResponse,
  type LeaveResponse,
  type MembersResponse,
  type NicknamesResponse,
  type RoomResponse,
  type RoomsResponse,
  type UnbanResponse,
} from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { memberships, rooms } from '../db/schema';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { validateQuery } from '../http/validate-query';
import { callRoomOrOwe } from '../room-calls/owed-room-calls';
import { joinRoom } from './join-room';
import { kickMember } from './kick-member';
import { leaveRoom } from './leave-room';
import { requireRoomModerator } from './room-access';
import { callersMembership } from './callers-membership';
import { selectRoomSummaries, toRoomSummary, unreadCount } from './room-summary';
import { findMembership } from './room-queries';
import { memberPage, nicknamePage, nicknamesStartingWith } from './member-lists';
import { banPage, liftBan } from './room-bans';
import { limitRenames, limitRoomCreation, refundRefusedCreation } from './join-limits';

/** A person in hundreds of rooms still gets a bounded answer: the most recently active ones. */
const ROOM_LIST_LIMIT = 200;

// Mounted at /api itself, so the session check sits on each route rather than on `use`, which
// would also catch unknown /api paths and answer them 401 instead of 404.
export const roomRoutes = new Hono<AppEnv>()
  .post('/join', requireUser, validateJson(joinBody), async (c) => {
    const request = c.req.valid('json');
    const creationSlot = request.roomId ? undefined : await limitRoomCreation(c);
    const { renamed, ...joined } = await refundRefusedCreation(c, creationSlot, () =>
      joinRoom(c.var.db, c.var.user, request, { env: c.env, place: c.req.raw.cf }, (roomId) =>
        limitRenames(c, roomId),
      ),
    );
    // Sockets already open in the room take the new nickname at once, and the old one is no
    // longer trusted from tickets and checks made before (ChatRoom.membershipChanged); a room
    // out of reach is owed the call, and the join stands.
    if (renamed) {
      const { roomId } = joined;
      await callRoomOrOwe(c.env, { kind: 'membershipChanged', roomId, userId: c.var.user.id });
    }
    return c.json({ success: true, ...joined } satisfies JoinResponse);
  })
  .get('/rooms', requireUser, async (c) => {
    const userId = c.var.user.id;
    const rows = await selectRoomSummaries(c.var.db, userId)
      .where(eq(memberships.userId, userId))
      .orderBy(
        desc(sql`${unreadCount} > 0`),
        desc(sql`coalesce(${rooms.lastMessageAt}, ${memberships.joinedAt})`),
      )
      .limit(ROOM_LIST_LIMIT);
    return c.json(rows.map((row) => toRoomSummary(row, userId)) satisfies RoomsResponse);
  })
  // One room as the list gives it, for a room beyond the list's ROOM_LIST_LIMIT: the chat
  // screen learns from it whether the caller owns the room and whether it is a private
  // conversation (and its name). Members only, refused as the notification level's GET.
  .get('/rooms/:roomId', requireUser, async (c) => {
    const userId = c.var.user.id;
    const [row] = await selectRoomSummaries(c.var.db, userId).where(callersMembership(c)).limit(1);
    if (!row) throw new ApiError(404, roomMessages.roomNotFound);
    return c.json({ room: toRoomSummary(row, userId) } satisfies RoomResponse);
  })
  // Every member may know who else is in the room ('@' completes them): nicknames only, not
  // the addresses the owner's member list shows. A stranger learns nothing, not even that the
  // room exists.
  .get('/rooms/:roomId/nicknames', requireUser, validateQuery(roomListQuery), async (c) => {
    const roomId = c.req.param('roomId');
    if (!(await findMembership(c.var.db, roomId, c.var.user.id))) {
      throw new ApiError(404, roomMessages.roomNotFound);
    }
    const { q, after } = c.req.valid('query');
    if (q) {
      // A search has no pages ('@' shows a few; a longer prefix narrows them): no cursor fits.
      if (after) throw new ApiError(400, 'Invalid cursor');
      const nicknames = await nicknamesStartingWith(c.var.db, roomId, q);
      return c.json({ nicknames } satisfies NicknamesResponse);
    }
    const page = await nicknamePage(c.var.db, roomId, after);
    return c.json(page satisfies NicknamesResponse);
  })
  .delete('/rooms/:roomId/membership', requireUser, async (c) => {
    await leaveRoom(c);
    return c.json({ success: true } satisfies LeaveResponse);
  })
  .get(
    '/rooms/:roomId/members',
    requireUser,
    requireRoomModerator,
    validateQuery(roomListQuery),
    async (c) => {
      const { room } = c.var;
      const { page, nextAfter } = await memberPage(c.var.db, room.roomId, c.req.valid('query'));
      return c.json({
        isOwner: room.createdBy === c.var.user.id,
        roomCreator: room.createdBy,
        members: page.map((row) => ({
          _id: row.id,
          activeNickname: row.nickname,
          userId: {
            id: row.userId,
            _id: row.userId,
            email: row.email,
            emailVerified: row.emailVerifiedAt !== null,
          },
          // The kick refuses administrators under any nickname: the panel offers them none.
          ...(row.role === 'admin' ? { moderator: true } : {}),
        })),
        nextAfter,
      } satisfies MembersResponse);
    },
  )
  .post(
    '/rooms/:roomId/kick',
    requireUser,
    requireRoomModerator,
    validateJson(kickBody),
    async (c) => {
      const { targetUserId } = c.req.valid('json');
      const nickname = await kickMember(c, targetUserId);
      // The spec's sentence, naming the person as the room knew them rather than by an id.
      return c.json({
        success: true,
        message: `User ${nickname} kicked successfully.`,
      } satisfies KickResponse);
    },
  )
  .get(
    '/rooms/:roomId/bans',
    requireUser,
    requireRoomModerator,
    validateQuery(roomListQuery),
    async (c) => {
      const page = await banPage(c.var.db, c.var.room.roomId, c.req.valid('query'));
      return c.json(page satisfies BansResponse);
    },
  )
  .delete('/rooms/:roomId/bans/:userId', requireUser, requireRoomModerator, async (c) => {
    const nickname = await liftBan(c, c.req.param('userId'));
    return c.json({
      success: true,
      message: `User ${nickname} unbanned.`,
    } satisfies UnbanResponse);
  });
