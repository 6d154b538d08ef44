/**
 * Ends open sockets from outside a room: after a logout, a password reset, an email change or
 * an account's deletion (the person's sockets), and when an address is blocked (the sockets
 * opened from it). A socket outlives the request that opened it, so revoking a session or
 * blocking an address in D1 alone would leave it sending; each room ends its own sockets.
 * A room out of reach is owed its call on the 'room-calls' queue (queues/late-socket-closes.ts
 * says what a late delivery may still close). Never throws: the caller's own change (the revoked
 * session, the block) has already happened and must not fail because a room could not be
 * reached.
 */
import { callEachRoom, memberRoomIds } from './every-room';
import { callRoomOrOwe } from './owed-room-calls';
import type { OwedSocketMatch } from './owed-socket-closes';

/** What a blocked address's sockets are told as they close. */
export const NETWORK_BLOCKED = 'Your network has been blocked';

/** Ends the account's sockets in every room it is a member of (or only one session's). */
export async function closeUserSockets(
  env: Env,
  userId: string,
  reason: string,
  options: { sessionId?: string } = {},
): Promise<void> {
  try {
    // Administrators enter rooms through a membership too (join-as-moderator.ts).
    const roomIds = await memberRoomIds(env, userId);
    await closeUserSocketsIn(env, roomIds, userId, reason, options);
  } catch (error) {
    console.error('closeUserSockets', error);
  }
}

/**
 * The same, in rooms the caller names: an account's deletion reads its rooms before the
 * memberships go with it.
 */
export async function closeUserSocketsIn(
  env: Env,
  roomIds: string[],
  userId: string,
  reason: string,
  options: { sessionId?: string; accountDeleted?: boolean } = {},
): Promise<void> {
  const match: OwedSocketMatch = options.sessionId
    ? { userId, sessionId: options.sessionId }
    : options.accountDeleted
      ? { userId, accountDeleted: true }
      : // Every session ended just before: a late delivery spares those started after.
        { userId, sessionsEndedAt: Date.now() };
  await closeInRooms(env, roomIds, match, reason);
}

/**
 * Ends the sockets opened from `ip` (the key clientIp() gives) in every room they reached but
 * `except` (a room that closed its own already).
 */
export async function closeAddressSockets(
  env: Env,
  ip: string,
  reason: string,
  except?: string,
): Promise<void> {
  try {
    // Written by the rooms the address reached (chat/room/address-notes.ts).
    const { results } = await env.DB.prepare('SELECT room_id FROM socket_addresses WHERE ip = ?')
      .bind(ip)
      .all<{ room_id: string }>();
    const roomIds = results.map((row) => row.room_id).filter((roomId) => roomId !== except);
    await closeInRooms(env, roomIds, { ip }, reason);
  } catch (error) {
    console.error('closeAddressSockets', error);
  }
}

function closeInRooms(env: Env, roomIds: string[], match: OwedSocketMatch, reason: string) {
  return callEachRoom(
    roomIds,
    (roomId) => callRoomOrOwe(env, { kind: 'closeSockets', roomId, match, reason }),
    'closeSockets',
  );
}
