import { eq } from 'drizzle-orm';
import { countUserRemoval } from '../db/counters';
import { removeUploadsOf } from '../files/remove-files';
import { closeUserSocketsIn } from '../room-calls/close-sockets';
import type { Db } from '../db/client';
import { memberships, users } from '../db/schema';

/**
 * Removes a user for good. The files they uploaded go first, from R2 and D1; then the foreign
 * keys take their sessions, memberships and reset links with the account; rooms they created
 * stay, with no creator (shown as 'Unknown'). Their open sockets are ended in every room they
 * were in.
 */
export async function deleteAccount(env: Env, db: Db, userId: string): Promise<boolean> {
  // Before the account: its rows name the uploader, and no other path finds its objects.
  await removeUploadsOf(env, userId);
  // The admin stats' user count changes in the same transaction as the delete. The rooms are
  // read in it too: read before, a room joined meanwhile (from another tab, while the uploads
  // went) lost its membership with the account unheard, and kept the person's socket talking.
  const [rooms, , deleted] = await db.batch([
    db
      .select({ roomId: memberships.roomId })
      .from(memberships)
      .where(eq(memberships.userId, userId)),
    countUserRemoval(db, userId),
    db.delete(users).where(eq(users.id, userId)).returning({ id: users.id }),
  ]);
  // Not removeMember: that is a kick, and bans. The rooms were read just before the
  // memberships went with the account.
  await closeUserSocketsIn(
    env,
    rooms.map(({ roomId }) => roomId),
    userId,
    'Your account was deleted',
    { accountDeleted: true },
  );
  return deleted.length > 0;
}
