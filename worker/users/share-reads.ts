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
      await tellRooms(env, user.id, share);
    } catch (error) {
      console.error('readSharingChanged', error);
    }
  }
  return updated;
}

/** How many times the rooms are told again when the setting moved while they were being told. */
const RECHECKS = 3;

/**
 * Tells every room of the person the setting, which each takes as given: two quick changes (two
 * tabs, a retried call) could reach a room in the wrong order and leave it sharing what the
 * person turned off. So D1 is read again once the rooms are told, and a setting that moved
 * meanwhile is told again; the change that moved it, if it comes later still, tells them itself.
 */
async function tellRooms(env: Env, userId: string, share: boolean) {
  const roomIds = await memberRoomIds(env, userId);
  let told = share;
  for (let again = 0; again <= RECHECKS; again++) {
    await callEachRoom(
      roomIds,
      (roomId) => callRoomOrOwe(env, { kind: 'readSharingChanged', roomId, userId, share: told }),
      'readSharingChanged',
    );
    // The primary (the plain binding): a replica's older copy would miss the newer change.
    const now = await env.DB.prepare('SELECT share_reads FROM users WHERE id = ?')
      .bind(userId)
      .first<{ share_reads: number }>();
    if (!now || (now.share_reads === 1) === told) return;
    told = now.share_reads === 1;
  }
}
