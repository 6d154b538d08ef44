/** /api/admin: statistics, users, rooms, joining as moderator, deletions. Administrators only. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AdminJoinResponse, AdminStats } from '../../contract/admin';
import { roomIdSchema } from '../../contract/rooms';
import type { SuccessMessageResponse } from '../../contract/user';
import type { AppEnv } from '../app-env';
import { requireAdmin } from '../auth/require-user';
import { deleteRoom, membershipChanged } from '../room-calls/room-rpc';
import { rooms, users } from '../db/schema';
import { removeRoomObjects } from '../files/remove-files';
import { ApiError } from '../http/api-error';
import { logSecurityEvent } from '../security/guards';
import { deleteAccount } from '../users/delete-account';
import { findUserById } from '../users/find-user';
import { adminLists } from './admin-lists';
import { broadcastRoute, broadcastStatusRoute } from './broadcast-route';
import { countRoomRemoval, readCounters } from '../db/counters';
import { joinAsModerator } from './join-as-moderator';
import { securityRoutes } from './security-routes';

export const adminRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/stats', async (c) => c.json((await readCounters(c.var.db)) satisfies AdminStats))
  .route('/', adminLists)
  .post('/join/:roomId', async (c) => {
    const roomId = c.req.param('roomId');
    const { nickname: activeNickname, renamed } = await joinAsModerator(
      c.var.db,
      c.var.user,
      roomId,
    );
    if (renamed) await membershipChanged(c.env, roomId, c.var.user.id, activeNickname);
    logSecurityEvent(c, {
      eventType: 'admin_join',
      userId: c.var.user.id,
      details: { roomId, activeNickname },
    });
    return c.json({ success: true, activeNickname, roomId } satisfies AdminJoinResponse);
  })
  .delete('/rooms/:roomId', async (c) => {
    const roomId = c.req.param('roomId');
    if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, 'Room not found');
    // RETURNING decides races: of two admins deleting at once, one gets the row, one a 404.
    // The counters change in the same batch (one transaction) as the delete they count.
    const db = c.var.db;
    const [, , [deleted]] = await db.batch([
      ...countRoomRemoval(db, roomId),
      db.delete(rooms).where(eq(rooms.roomId, roomId)).returning(),
    ]);
    if (!deleted) throw new ApiError(404, 'Room not found');
    await c.var.db.update(users).set({ roomId: null }).where(eq(users.roomId, roomId));
    // Its files' rows went with the room (a cascade); their objects are deleted, not unlinked.
    await removeRoomObjects(c.env.FILES, roomId);
    await deleteRoom(c.env, roomId);
    logSecurityEvent(c, {
      eventType: 'admin_room_deleted',
      userId: c.var.user.id,
      details: { roomId, name: deleted.name },
    });
    return c.json({
      success: true,
      message: 'Room deleted successfully',
    } satisfies SuccessMessageResponse);
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
    return c.json({
      success: true,
      message: 'User deleted successfully',
    } satisfies SuccessMessageResponse);
  })
  .route('/broadcast', broadcastRoute)
  .route('/broadcasts', broadcastStatusRoute)
  .route('/security', securityRoutes);
