/**
 * The 'room-calls' consumer's half of an owed room update (room-calls/owed-room-updates.ts):
 * delivered perhaps minutes late, it tells the room what D1 holds as it arrives, or nothing:
 * - a rename: made only while D1 still has the queued name, and the room reads it there; a
 *   later name is its own rename's call to tell;
 * - a join's nickname change: made only while the person is still a member (the room reads the
 *   nickname there);
 * - read sharing: the setting D1 holds now, not the queued one, while the person is a member;
 * - the room's deletion: made only while D1 still has no such room. The room's deletion may
 *   run twice: a second finds no socket to end and no history to forget.
 */
import type { OwedRoomUpdate } from '../room-calls/owed-room-updates';
import { makeRoomCall } from '../room-calls/owed-room-calls';

/** How many times read sharing is told again when D1 moved while it was being told. */
const SHARING_RECHECKS = 3;

/** The consumer's delivery: checked against D1 now, then made or dropped (and logged). */
export async function updateLate(env: Env, call: OwedRoomUpdate): Promise<void> {
  const now = await lateUpdate(env.DB, call);
  if (typeof now === 'string') {
    console.log(`[room-calls] ${call.kind} for room ${call.roomId} dropped: ${now}`);
    return;
  }
  await makeRoomCall(env, now);
  if (now.kind === 'readSharingChanged') await settleSharing(env, now);
}

/**
 * The room takes the setting it is given, not D1's: a change saved between this consumer's read
 * and its call, whose own call reached the room first, would be undone by this later one. So D1
 * is read again once the room is told, and a setting that moved meanwhile is told again. A
 * change saved after that read is its own call's to tell, and that call comes after this one.
 */
async function settleSharing(
  env: Env,
  told: Extract<OwedRoomUpdate, { kind: 'readSharingChanged' }>,
) {
  for (let again = 0; again < SHARING_RECHECKS; again++) {
    const now = await lateUpdate(env.DB, told);
    // Left since (their leave's call took them out of the room), or told what D1 holds.
    if (typeof now === 'string' || now.kind !== 'readSharingChanged' || now.share === told.share) {
      return;
    }
    await makeRoomCall(env, now);
    told = now;
  }
}

/**
 * The call to make now (read sharing's with the setting D1 holds), or why nothing is to be told
 * any more. Read from the primary (the plain
 * binding): a replica's older copy could miss the change that makes the call stale.
 */
export async function lateUpdate(
  db: D1Database,
  call: OwedRoomUpdate,
): Promise<OwedRoomUpdate | string> {
  const first = <T>(sql: string, ...values: string[]) =>
    db
      .prepare(sql)
      .bind(...values)
      .first<T>();
  switch (call.kind) {
    case 'roomRenamed': {
      const room = await first<{ name: string }>(
        'SELECT name FROM rooms WHERE room_id = ?',
        call.roomId,
      );
      // Its deletion told the object, which takes no name any more.
      if (!room) return 'the room was deleted';
      return room.name === call.name ? call : 'renamed again since';
    }
    case 'membershipChanged': {
      // A membership goes with its room (a cascade): none means left, kicked or deleted since,
      // and that change's own call took the person out of the room.
      const member = await first(
        'SELECT 1 FROM memberships WHERE room_id = ? AND user_id = ?',
        call.roomId,
        call.userId,
      );
      return member ? call : 'no longer a member';
    }
    case 'readSharingChanged': {
      const now = await first<{ share: number }>(
        `SELECT users.share_reads AS share FROM users
           JOIN memberships ON memberships.user_id = users.id AND memberships.room_id = ?
         WHERE users.id = ?`,
        call.roomId,
        call.userId,
      );
      if (!now) return 'no longer a member';
      return { ...call, share: now.share === 1 };
    }
    case 'deleteRoom': {
      // Ids are random, so never in practice; but a late deletion must not end a room D1 has.
      const room = await first('SELECT 1 FROM rooms WHERE room_id = ?', call.roomId);
      return room ? 'the room exists' : call;
    }
  }
}
