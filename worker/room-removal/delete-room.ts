/**
 * Deleting a room, whoever asks (an administrator, or a block that ends a private
 * conversation): its row and with it (cascades) its memberships, bans, invites and files' rows;
 * the files' objects in R2 (owed in room_file_removals until they are gone); then its object,
 * which tells its sockets, ends them and forgets its history (owed on the 'room-calls' queue
 * while it is out of reach: room-calls/owed-room-calls.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
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
  const [, , , [deleted]] = await db.batch([
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
    db.delete(rooms).where(theRoom).returning(),
  ]);
  if (!deleted) return undefined;
  // Each clean-up is tried whatever befalls the others: the row is gone, so no second
  // deletion will come to finish them, and one step failing before the room object's call
  // left its sockets talking and its history kept.
  const cleanups = await Promise.allSettled([
    db.update(users).set({ roomId: null }).where(eq(users.roomId, roomId)),
    // Its files' rows went with the room (a cascade); their objects are deleted, not unlinked.
    removeRoomObjects(env, roomId),
    // Throws only when the queue refused the call too.
    callRoomOrOwe(env, { kind: 'deleteRoom', roomId }),
  ]);
  const failed = cleanups.find((cleanup) => cleanup.status === 'rejected');
  if (failed) throw failed.reason;
  return deleted;
}
