/** /api/admin: statistics, users, rooms, joining as moderator, deletions. Administrators only. */
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AdminRoom, AdminStats, AdminUser } from '../../contract/admin';
import { roomIdSchema } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireAdmin } from '../auth/require-user';
import { roomStub } from '../chat/room-stub';
import { rooms, users } from '../db/schema';
import { ApiError } from '../http/api-error';
import { logSecurityEvent } from '../security/guards';
import { deleteAccount } from '../users/delete-account';
import { findUserById } from '../users/find-user';
import { broadcastRoute } from './broadcast-route';
import { joinAsModerator } from './join-as-moderator';
import { securityRoutes } from './security-routes';

/** The tables show the newest entries; search and paging can come when they are needed. */
const LIST_LIMIT = 1000;

export const adminRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/stats', async (c) => {
    const row = await c.env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM rooms) AS rooms,
              (SELECT COALESCE(SUM(message_count), 0) FROM rooms) AS messages`,
    ).first<AdminStats>();
    return c.json(row ?? { users: 0, rooms: 0, messages: 0 });
  })
  .get('/users', async (c) => {
    const rows = await c.var.db
      .select()
      .from(users)
      .orderBy(desc(users.createdAt))
      .limit(LIST_LIMIT);
    const list: AdminUser[] = rows.map((user) => ({
      id: user.id,
      _id: user.id,
      email: user.email,
      role: user.role,
      nickname: user.nickname,
      createdAt: user.createdAt,
    }));
    return c.json(list);
  })
  .get('/rooms', async (c) => {
    const rows = await c.var.db
      .select({ room: rooms, creatorEmail: users.email })
      .from(rooms)
      .leftJoin(users, eq(users.id, rooms.createdBy))
      .orderBy(desc(rooms.createdAt))
      .limit(LIST_LIMIT);
    const list: AdminRoom[] = rows.map(({ room, creatorEmail }) => ({
      _id: room.roomId,
      roomId: room.roomId,
      name: room.name,
      createdBy:
        room.createdBy && creatorEmail
          ? { id: room.createdBy, _id: room.createdBy, email: creatorEmail }
          : null,
      createdAt: room.createdAt,
    }));
    return c.json(list);
  })
  .post('/join/:roomId', async (c) => {
    const roomId = c.req.param('roomId');
    const activeNickname = await joinAsModerator(c.var.db, c.var.user, roomId);
    await roomStub(c.env, roomId).membershipChanged(c.var.user.id, activeNickname);
    logSecurityEvent(c, {
      eventType: 'admin_join',
      userId: c.var.user.id,
      details: { roomId, activeNickname },
    });
    return c.json({ success: true, activeNickname, roomId });
  })
  .delete('/rooms/:roomId', async (c) => {
    const roomId = c.req.param('roomId');
    if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, 'Room not found');
    // RETURNING decides races: of two admins deleting at once, one gets the row, one a 404.
    const [deleted] = await c.var.db.delete(rooms).where(eq(rooms.roomId, roomId)).returning();
    if (!deleted) throw new ApiError(404, 'Room not found');
    await c.var.db.update(users).set({ roomId: null }).where(eq(users.roomId, roomId));
    await roomStub(c.env, roomId).deleteRoom(roomId);
    logSecurityEvent(c, {
      eventType: 'admin_room_deleted',
      userId: c.var.user.id,
      details: { roomId, name: deleted.name },
    });
    return c.json({ success: true, message: 'Room deleted successfully' });
  })
  .delete('/users/:id', async (c) => {
    const target = await findUserById(c.var.db, c.req.param('id'));
    if (!target) throw new ApiError(404, 'User not found');
    if (target.role === 'admin')
      throw new ApiError(403, 'Administrator accounts cannot be deleted');
    if (!(await deleteAccount(c.env, c.var.db, target.id)))
      throw new ApiError(404, 'User not found');
    logSecurityEvent(c, {
      eventType: 'admin_user_deleted',
      userId: c.var.user.id,
      details: { deletedUserId: target.id, email: target.email },
    });
    return c.json({ success: true, message: 'User deleted successfully' });
  })
  .route('/broadcast', broadcastRoute)
  .route('/security', securityRoutes);
