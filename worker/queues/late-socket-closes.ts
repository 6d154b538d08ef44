/**
 * The 'room-calls' consumer's half of an owed socket close (room-calls/owed-socket-closes.ts):
 * delivered perhaps minutes late, it is checked against D1 as it is now, and never closes a
 * socket that is legitimate by then:
 * - one session ended (a logout): closed only while D1 no longer has that session;
 * - every session ended (a password reset, an email change): the sessions D1 has now were
 *   started since, and their sockets are spared (`spare`, socket-state.ts matches());
 * - the account deleted: closed only while D1 no longer has the account;
 * - an address blocked: closed only while the block stands.
 */
import type { OwedSocketClose } from '../room-calls/owed-socket-closes';
import { closeSockets, type SocketMatch } from '../room-calls/room-rpc';
import { blockedUntil } from '../security/ip-reputation';

/**
 * The most live sessions a late close spares; with more, it is dropped rather than close a
 * session's sockets it could not list. Above SESSIONS_PER_ACCOUNT_MAX (credentials/sessions.ts),
 * which keeps an account below it.
 */
export const SPARED_SESSIONS_MAX = 64;

/** The consumer's delivery: checked against D1 now, then made or dropped (and logged). */
export async function closeLate(env: Env, call: OwedSocketClose): Promise<void> {
  const match = await lateMatch(env.DB, call);
  if (typeof match === 'string') {
    console.log(`[room-calls] closeSockets for room ${call.roomId} dropped: ${match}`);
    return;
  }
  await closeSockets(env, call.roomId, match, call.reason);
}

/** The match to send now, or why nothing is to be closed any more. */
export async function lateMatch(
  db: D1Database,
  { roomId, match }: OwedSocketClose,
): Promise<SocketMatch | string> {
  const exists = (sql: string, value: string) => db.prepare(sql).bind(value).first();
  // Its deletion ended every socket there.
  if (!(await exists('SELECT 1 FROM rooms WHERE room_id = ?', roomId))) {
    return 'the room was deleted';
  }
  if ('ip' in match) {
    return (await blockedUntil(db, match.ip)) === null ? 'the address is no longer blocked' : match;
  }
  if ('sessionId' in match) {
    // A new login is a new session id: only a session D1 still has is a stale close.
    const live = await exists('SELECT 1 FROM sessions WHERE id = ?', match.sessionId);
    return live ? 'the session is live' : match;
  }
  if ('accountDeleted' in match) {
    return (await exists('SELECT 1 FROM users WHERE id = ?', match.userId))
      ? 'the account exists'
      : match;
  }
  // Every session ended then, so each one D1 has now was started since: its sockets stay.
  const { results } = await db
    .prepare('SELECT id FROM sessions WHERE user_id = ? LIMIT ?')
    .bind(match.userId, SPARED_SESSIONS_MAX + 1)
    .all<{ id: string }>();
  if (results.length > SPARED_SESSIONS_MAX) return 'too many live sessions to spare';
  const sessionIds = results.map((row) => row.id);
  return { userId: match.userId, spare: { sessionIds, endedAt: match.sessionsEndedAt } };
}
