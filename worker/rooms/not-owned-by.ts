import { and, eq, exists, notExists, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rooms } from '../db/schema';

/**
 * "`userId` does not own the room", as a condition a write carries itself. A leave or a kick
 * reads the owner first; a hand-over to that very person landing before its write would
 * otherwise let it remove the room's new owner, leaving the room owned by someone not in it.
 */
export function notOwnedBy(db: Db, roomId: string, userId: string): SQL {
  return notExists(ownerRow(db, roomId, userId));
}

/** "`userId` owns the room", as a condition a write carries itself (a kick by its owner). */
export function ownedBy(db: Db, roomId: string, userId: string): SQL {
  return exists(ownerRow(db, roomId, userId));
}

/** Whether `userId` owns the room now: why a write guarded by `ownedBy` found nothing. */
export async function ownsRoom(db: Db, roomId: string, userId: string): Promise<boolean> {
  return (await ownerRow(db, roomId, userId).get()) !== undefined;
}

const ownerRow = (db: Db, roomId: string, userId: string) =>
  db
    .select({ one: rooms.roomId })
    .from(rooms)
    .where(and(eq(rooms.roomId, roomId), eq(rooms.createdBy, userId)));
