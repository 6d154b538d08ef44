import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { callEachRoom, memberRoomIds } from '../room-calls/every-room';
import { callRoomOrOwe } from '../room-calls/owed-room-calls';

/**
 * Saves 'Share when I have read messages' and answers the user as it now is. A change reaches
 * every room the person is a member of at once, so their open sockets follow it; a socket
 * opened later carries it from its upgrade (chat/upgrade/forwarded.ts). A room that cannot be
 * told is owed the call on the 'room-calls' queue, which delivers the setting D1 holds then
 * (queues/late-room-updates.ts); the setting is saved either way.
 */
export async function setShareReads(
  env: Env,
  db: Db,
  user: UserRow,
  share: boolean,
): Promise<UserRow> {
  const updated = await db
    .update(users)
    .set({ shareReads: share })
    .where(eq(users.id, user.id))
    .returning()
    .get();
  if (!updated) return user;
  if (updated.shareReads !== user.shareReads) {
    try {
      const roomIds = await memberRoomIds(env, user.id);
      await callEachRoom(
        roomIds,
        (roomId) =>
          callRoomOrOwe(env, { kind: 'readSharingChanged', roomId, userId: user.id, share }),
        'readSharingChanged',
      );
    } catch (error) {
      console.error('readSharingChanged', error);
    }
  }
  return updated;
}
