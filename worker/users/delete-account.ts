import { eq } from 'drizzle-orm';
import { roomStub } from '../chat/room-stub';
import type { Db } from '../db/client';
import { memberships, users } from '../db/schema';

/**
 * Removes a user for good. The foreign keys take their sessions, memberships and reset links
 * with them; rooms they created stay, with no creator (shown as 'Unknown'). Their open sockets
 * are ended in every room they were in.
 */
export async function deleteAccount(env: Env, db: Db, userId: string): Promise<boolean> {
  const rooms = await db
    .select({ roomId: memberships.roomId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  await Promise.allSettled(
    rooms.map(({ roomId }) =>
      roomStub(env, roomId).removeMember(userId, 'Your account was deleted'),
    ),
  );
  return deleted.length > 0;
}
