/** /api/join and /api/rooms: joining, the caller's room list, members and kicks. */
import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { joinBody, kickBody, type MembersResponse, type RoomSummary } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { memberships, rooms, users } from '../db/schema';
import { validateJson } from '../http/validate-json';
import { toExcerpt } from './excerpt';
import { roomStub } from '../chat/room-stub';
import { joinRoom } from './join-room';
import { kickMember } from './kick-member';
import { requireRoomModerator } from './room-access';

/** A person in hundreds of rooms still gets a bounded answer: the most recently active ones. */
const ROOM_LIST_LIMIT = 200;
const MEMBER_LIST_LIMIT = 500;

// Mounted at /api itself, so the session check sits on each route rather than on `use`, which
// would also catch unknown /api paths and answer them 401 instead of 404.
export const roomRoutes = new Hono<AppEnv>()
  .post('/join', requireUser, validateJson(joinBody), async (c) => {
    const request = c.req.valid('json');
    const joined = await joinRoom(c.var.db, c.var.user, request);
    // Sockets already open in the room take the nickname on their next `join`.
    if (request.roomId) {
      await roomStub(c.env, joined.roomId).membershipChanged(c.var.user.id, joined.activeNickname);
    }
    return c.json({ success: true, ...joined });
  })
  .get('/rooms', requireUser, async (c) => {
    const rows = await c.var.db
      .select({
        roomId: rooms.roomId,
        name: rooms.name,
        nickname: memberships.nickname,
        lastMessageHtml: rooms.lastMessageHtml,
      })
      .from(memberships)
      .innerJoin(rooms, eq(rooms.roomId, memberships.roomId))
      .where(eq(memberships.userId, c.var.user.id))
      .orderBy(desc(sql`coalesce(${rooms.lastMessageAt}, ${memberships.joinedAt})`))
      .limit(ROOM_LIST_LIMIT);
    const list: RoomSummary[] = rows.map((row) => ({
      _id: row.roomId,
      roomId: row.roomId,
      name: row.name,
      activeNickname: row.nickname,
      ...(row.lastMessageHtml ? { lastMessageExcerpt: toExcerpt(row.lastMessageHtml) } : {}),
    }));
    return c.json(list);
  })
  .get('/rooms/:roomId/members', requireUser, requireRoomModerator, async (c) => {
    const { room } = c.var;
    const rows = await c.var.db
      .select({
        id: memberships.id,
        nickname: memberships.nickname,
        userId: users.id,
        email: users.email,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.roomId, room.roomId))
      .orderBy(memberships.joinedAt)
      .limit(MEMBER_LIST_LIMIT);
    const body: MembersResponse = {
      isOwner: room.createdBy === c.var.user.id,
      roomCreator: room.createdBy,
      members: rows.map((row) => ({
        _id: row.id,
        activeNickname: row.nickname,
        userId: { id: row.userId, _id: row.userId, email: row.email },
      })),
    };
    return c.json(body);
  })
  .post(
    '/rooms/:roomId/kick',
    requireUser,
    requireRoomModerator,
    validateJson(kickBody),
    async (c) => {
      const { targetUserId } = c.req.valid('json');
      await kickMember(c, targetUserId);
      return c.json({ success: true, message: `User ${targetUserId} kicked successfully.` });
    },
  );
