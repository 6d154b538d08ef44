/**
 * Deleting a room, whoever asks (an administrator, an owner, or a block that ends a private
 * conversation): in one transaction its row and with it (cascades) its memberships, bans,
 * invites and files' rows, and every person's pointer to it as their current room; then the
 * files' objects in R2 (owed in room_file_removals until they are gone, which the hourly
 * clean-up finishes); then its object, which tells its sockets, ends them and forgets its
 * history (owed on the 'room-calls' queue while it is out of reach: room-calls/owed-room-calls.ts).
 * Once the transaction stood, the deletion answers its success whatever befalls the rest.
 */
import { and, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { countRoomRemoval } from '../db/counters';
import { roomFileRemovals, rooms, users, type RoomRow } from '../db/schema';
import { removeRoomObjects } from '../files/remove-files';
import { callRoomOrOwe } from '../room-calls/owed-room-calls';

/**
 * Answers the deleted row, or undefined when there was none (a race lost, a wrong id) or, given
 * `ownedBy`, when that person no longer owns it: an owner's deletion is decided in the same
 * statement as the delete, so a hand-over a moment before it wins (rooms/hand-over-room.ts).
 */
export async function deleteRoomEverywhere(
  env: Env,
  db: Db,
  roomId: string,
  ownedBy?: string,
): Promise<RoomRow | undefined> {
  const theRoom = and(
    eq(rooms.roomId, roomId),
    ownedBy === undefined ? undefined : eq(rooms.createdBy, ownedBy),
  )!;
  // RETURNING decides races: of two deletions at once, one gets the row.
  // The counters change in the same batch (one transaction) as the delete they count.
  // The files' objects are noted as owed in the same batch, and only for a room there was, so
  // whatever stops their removal below, the hourly clean-up finishes it.
  // The pointers are cleared in it too, and only while the room is there to delete: done after
  // it, a failure answered 500 for a room already gone (a retry got 404) and left people
  // pointed at it, with nothing to clear them later.
  const [, , , , [deleted]] = await db.batch([
    ...countRoomRemoval(db, theRoom),
    db
      .insert(roomFileRemovals)
      .select(
        db
          .select({ roomId: rooms.roomId, createdAt: sql<number>`${Date.now()}`.as('created_at') })
          .from(rooms)
          .where(theRoom),
      )
      .onConflictDoNothing(),
    db
      .update(users)
      .set({ roomId: null })
      .where(
        and(
          eq(users.roomId, roomId),
          exists(
            db
              .select({ one: sql`1` })
              .from(rooms)
              .where(theRoom),
          ),
        ),
      ),
    db.delete(rooms).where(theRoom).returning(),
  ]);
  if (!deleted) return undefined;
  await afterDeletion(env, roomId);
  return deleted;
}

/**
 * What follows the transaction, each tried whatever befalls the other, and never thrown: the
 * room is gone, so an error would tell a deletion that happened as failed, and a retry would
 * find nothing to delete. Each failure is logged and finished later: the objects by the hourly
 * clean-up (their room_file_removals row stays), the room's call by the queue's consumer.
 */
async function afterDeletion(env: Env, roomId: string) {
  const [files, call] = await Promise.allSettled([
    // Its files' rows went with the room (a cascade); their objects are deleted, not unlinked.
    removeRoomObjects(env, roomId),
    // Throws only when the queue refused the call too: the object keeps the sockets it has
    // until they close, and none can open again (no membership, no room in D1).
    callRoomOrOwe(env, { kind: 'deleteRoom', roomId }),
  ]);
  if (files.status === 'rejected') {
    console.error(
      `[rooms] room ${roomId} deleted, its files owed to the hourly clean-up:`,
      files.reason,
    );
  }
  if (call.status === 'rejected') {
    console.error(`[rooms] room ${roomId} deleted, its object not told:`, call.reason);
  }
}
