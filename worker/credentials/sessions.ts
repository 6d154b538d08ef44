/** Session rows: created at login, looked up on every signed-in request, deleted to revoke. */
import { and, desc, eq, gt, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { closeUserSockets } from '../room-calls/close-sockets';
import type { Db } from '../db/client';
import { sessions, users, type SessionRow, type UserRow } from '../db/schema';
import {
  clearSessionCookie,
  readSessionCookie,
  SESSION_TTL_SECONDS,
  writeSessionCookie,
  type SessionClaims,
} from './session-cookie';

/**
 * The live sessions an account keeps: more browsers than anyone signs in from. A successful
 * login gives its rate-limit slot back (people behind one NAT all sign in), so without this
 * bound a script signing in to its own account in a loop would add a row each time, each kept
 * for the session's seven days.
 */
export const SESSIONS_PER_ACCOUNT_MAX = 30;

/**
 * Starts a session for a user who just proved their password, and sets its cookie. With
 * `passwordHash` (the hash the password was checked against) the session is made only while
 * the account still has that password, in the statement that makes it: a reset landing during
 * the check spends the old password, and the login then gets null and no session.
 */
export async function startSession(
  c: Context<AppEnv>,
  userId: string,
  passwordHash?: string,
): Promise<SessionRow | null> {
  const now = Date.now();
  const session: SessionRow = {
    id: crypto.randomUUID(),
    userId,
    expiresAt: now + SESSION_TTL_SECONDS * 1000,
    passwordVerifiedAt: now,
    createdAt: now,
  };
  const db = c.var.db;
  const mine = eq(sessions.userId, userId);
  const newest = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(mine)
    // rowid breaks a tie of two sessions started in one millisecond: the later insert is newer.
    .orderBy(desc(sessions.createdAt), desc(sql`rowid`))
    .limit(SESSIONS_PER_ACCOUNT_MAX);
  // Expired rows of this user go now, so the table stays bounded without a sweeper, and so do
  // the oldest past the bound. One transaction: racing logins cannot leave more.
  const [, made, trimmed] = await db.batch([
    db.delete(sessions).where(and(mine, lt(sessions.expiresAt, now))),
    insertSession(db, session, passwordHash),
    db
      .delete(sessions)
      .where(and(mine, notInArray(sessions.id, newest)))
      .returning({ id: sessions.id }),
  ]);
  // A trimmed session is logged out: its sockets end as a logout's do, after the answer.
  for (const { id } of trimmed) {
    c.executionCtx.waitUntil(closeUserSockets(c.env, userId, LOGGED_OUT, { sessionId: id }));
  }
  if (made.length === 0) return null;
  await writeSessionCookie(c, { sub: userId, sid: session.id }, session.expiresAt);
  return session;
}

/** The session's row, only while the user's password is `passwordHash` when one is given. */
function insertSession(db: Db, session: SessionRow, passwordHash: string | undefined) {
  const returning = { id: sessions.id };
  if (passwordHash === undefined) return db.insert(sessions).values(session).returning(returning);
  // The columns come in the table's order, as drizzle's INSERT ... SELECT asks.
  return db
    .insert(sessions)
    .select(
      db
        .select({
          id: sql<string>`${session.id}`.as('id'),
          userId: users.id,
          expiresAt: sql<number>`${session.expiresAt}`.as('expires_at'),
          passwordVerifiedAt: sql<number>`${session.passwordVerifiedAt}`.as('password_verified_at'),
          createdAt: sql<number>`${session.createdAt}`.as('created_at'),
        })
        .from(users)
        .where(and(eq(users.id, session.userId), eq(users.passwordHash, passwordHash))),
    )
    .returning(returning);
}

/** The caller's live session and user, or null when the cookie is absent, forged or revoked. */
export async function loadSession(
  c: Context<AppEnv>,
): Promise<{ user: UserRow; session: SessionRow } | null> {
  const claims = await readSessionCookie(c);
  if (!claims) return null;
  const row = await c.var.db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(isLiveSession(claims))
    .get();
  return row ?? null;
}

/** The session the signed claims name, if it has not expired or been revoked. */
export function isLiveSession(claims: SessionClaims) {
  return and(
    eq(sessions.id, claims.sid),
    eq(sessions.userId, claims.sub),
    gt(sessions.expiresAt, Date.now()),
  );
}

/**
 * Logs a session out: the row goes, and so do the sockets opened with it, in every room (a
 * socket outlives the cookie that opened it). The person's other sessions keep theirs.
 */
export async function endSession(c: Context<AppEnv>, sessionId: string | undefined) {
  clearSessionCookie(c);
  if (!sessionId) return;
  const ended = await c.var.db
    .delete(sessions)
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId })
    .get();
  if (ended) await closeUserSockets(c.env, ended.userId, LOGGED_OUT, { sessionId });
}

const LOGGED_OUT = 'You have been logged out';

/** Revokes every session of a user, or every one but `keepSessionId`. */
export function revokeSessions(db: Db, userId: string, keepSessionId?: string) {
  const mine = eq(sessions.userId, userId);
  return db
    .delete(sessions)
    .where(keepSessionId ? and(mine, ne(sessions.id, keepSessionId)) : mine);
}

export function markPasswordVerified(db: Db, sessionId: string) {
  return db
    .update(sessions)
    .set({ passwordVerifiedAt: Date.now() })
    .where(eq(sessions.id, sessionId));
}
