/**
 * What a join reads from D1 when the upgrade's answer does not stand (an administrator let in
 * without a membership, or a socket that might be stale): the membership's nickname, and
 * whether the session that opened the socket is still signed in. A logout, a password reset or
 * an email change ends the person's sockets in the rooms they are a member of
 * (close-sockets.ts); an administrator's socket in a room they had not joined is in none of
 * them, and must not take the membership a later join as moderator gives.
 */
export interface JoinRights {
  nickname: string | null;
  signedIn: boolean;
}

export async function readJoinRights(
  db: D1Database,
  roomId: string,
  userId: string,
  sessionId: string,
): Promise<JoinRights> {
  const row = await db
    .prepare(
      `SELECT (SELECT nickname FROM memberships WHERE room_id = ?1 AND user_id = ?2) AS nickname,
         EXISTS (SELECT 1 FROM sessions WHERE id = ?3 AND user_id = ?2 AND expires_at > ?4)
           AS signedIn`,
    )
    .bind(roomId, userId, sessionId, Date.now())
    .first<{ nickname: string | null; signedIn: number }>();
  return { nickname: row?.nickname ?? null, signedIn: row?.signedIn === 1 };
}
