/** /api/admin: statistics, users, rooms, joining as moderator, deletions. Administrators only. */
import { Hono } from 'hono';
import type { AdminJoinResponse, AdminStats } from '../../contract/admin';
import { roomIdSchema } from '../../contract/rooms';
import type { SuccessMessageResponse } from '../../contract/user';
import type { AppEnv } from '../app-env';
import { requireAdmin } from '../auth/require-user';
import { callRoomOrOwe } from '../room-calls/owed-room-calls';
import { deleteRoomEverywhere } from '../room-removal/delete-room';
import { ApiError } from '../http/api-error';
import { logSecurityEvent } from '../security/guards';
import { deleteAccount } from '../users/delete-account';
import { findUserById } from '../users/find-user';
import { adminLists } from './admin-lists';
import { broadcastRoute, broadcastStatusRoute } from './broadcast-route';
import { readCounters } from '../db/counters';
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
    if (renamed) {
      // A room out of reach is owed the call (the join stands), as after a member's join.
      await callRoomOrOwe(c.env, { kind: 'membershipChanged', roomId, userId: c.var.user.id });
    }
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
    // Of two admins deleting at once, one gets the row, one a 404.
    const deleted = await deleteRoomEverywhere(c.env, c.var.db, roomId);
    if (!deleted) throw new ApiError(404, 'Room not found');
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
