/**
 * A room's settings: `PATCH /api/rooms/:roomId` renames it (its owner or an administrator),
 * `DELETE /api/rooms/:roomId` deletes it for everyone (its owner; administrators have
 * /api/admin/rooms/:roomId, which does the very same deletion).
 */
import { Hono } from 'hono';
import {
  renameRoomBody,
  roomSettingsMessages,
  type DeleteRoomResponse,
  type RenameRoomResponse,
} from '../../contract/room-settings';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { validateJson } from '../http/validate-json';
import { callRoomOrOwe } from '../room-calls/owed-room-calls';
import { deleteRoomEverywhere } from '../room-removal/delete-room';
import { logSecurityEvent } from '../security/guards';
import { giveBackRoomChange, limitRoomChanges } from './room-change-limits';
import { refusedMeanwhile, refuseNonOwner, renameRoom, settingsRoom } from './room-settings-access';

export const roomSettingsRoutes = new Hono<AppEnv>()
  .patch('/rooms/:roomId', requireUser, validateJson(renameRoomBody), async (c) => {
    const room = await settingsRoom(c, roomSettingsMessages.conversationNotRenamed);
    const { user, db } = c.var;
    if (room.createdBy !== user.id && user.role !== 'admin') {
      refuseNonOwner(c, room.roomId, roomSettingsMessages.ownerOnly);
    }
    const { name } = c.req.valid('json');
    // Nothing changes, so nothing is counted against the bound nor told to the room.
    if (name === room.name) return c.json({ success: true, name } satisfies RenameRoomResponse);
    const slots = await limitRoomChanges(c, 'rename', room.roomId);
    const ownedBy = user.role === 'admin' ? undefined : user.id;
    if (!(await renameRoom(db, room.roomId, name, ownedBy))) {
      // Handed over (or deleted) since the read above: it renamed nothing, so counts for nothing.
      await giveBackRoomChange(c, slots);
      throw await refusedMeanwhile(db, room.roomId);
    }
    logSecurityEvent(c, {
      eventType: 'room_renamed',
      userId: user.id,
      details: { roomId: room.roomId, from: room.name, to: name, byRole: user.role },
    });
    // D1 holds the name now (the room list, tickets, push notifications read it there). The
    // room's open chats hear it from the object; a room out of reach is owed the call on the
    // queue. Should the queue refuse it too, the next socket opened there brings the object
    // the name from D1 (RoomIdentity.remember), and the rename itself stands.
    await callRoomOrOwe(c.env, { kind: 'roomRenamed', roomId: room.roomId, name }).catch(
      (error: unknown) => console.error('[rooms] rename not told to the room', error),
    );
    return c.json({ success: true, name } satisfies RenameRoomResponse);
  })
  .delete('/rooms/:roomId', requireUser, async (c) => {
    const room = await settingsRoom(c, roomSettingsMessages.conversationNotDeleted);
    const { user } = c.var;
    if (room.createdBy !== user.id) {
      refuseNonOwner(c, room.roomId, roomSettingsMessages.ownerOnlyDelete);
    }
    // Of two deletions at once, one gets the row, the other a 404 (as the admin's); a deletion
    // that comes after a hand-over, though it read the owner before it, a 409.
    const deleted = await deleteRoomEverywhere(c.env, c.var.db, room.roomId, user.id);
    if (!deleted) throw await refusedMeanwhile(c.var.db, room.roomId);
    logSecurityEvent(c, {
      eventType: 'room_deleted',
      userId: user.id,
      details: { roomId: deleted.roomId, name: deleted.name },
    });
    return c.json({
      success: true,
      message: 'Room deleted successfully',
    } satisfies DeleteRoomResponse);
  });
