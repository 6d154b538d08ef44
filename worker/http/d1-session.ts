/**
 * Reads near the reader: every request works through one D1 session (the Sessions API), so
 * with read replication on, its reads may be served by a replica close to the caller while the
 * caller still sees their own writes. The client carries the session's position between
 * requests as a bookmark in the `x-d1-bookmark` header: it sends the newest one it was given,
 * and a replica answers a session started from it only once it is at least that new.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

export const BOOKMARK_HEADER = 'x-d1-bookmark';

/**
 * What D1 hands out (and `wrangler d1 time-travel info` prints): four hex groups. Anything
 * else is ignored rather than passed on: D1 takes any string as a bookmark, keeps the newest
 * it has seen and hands it back, so a junk header would otherwise come back in every answer,
 * and a real replica may refuse a bookmark it cannot parse.
 */
const BOOKMARK_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** Methods that only read; every other method is treated as one that writes. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The header's bookmark when it has D1's shape, else null. */
export function parseBookmark(value: string | null | undefined): D1SessionBookmark | null {
  if (!value || value.length > 64) return null;
  const bookmark = value.trim().toLowerCase();
  return BOOKMARK_SHAPE.test(bookmark) ? bookmark : null;
}

/**
 * Where a request's session starts.
 *
 * - Requests that write (POST, PUT, PATCH, DELETE) start on the primary. Their handlers read
 *   before they write and decide on what they read (is the session live, is the caller banned,
 *   is the nickname free, is the password right), and a replica that lags the primary would
 *   let a just-revoked session or a ban set a moment ago slip through. The write itself goes to
 *   the primary anyway, so the round trip is paid regardless, and the primary is newer than any
 *   bookmark, so the client's is not needed.
 * - Requests that only read start from the client's bookmark (a replica at least as new as
 *   the caller's last write), or anywhere when there is none: a first visit reads whatever
 *   copy is nearest, and every later read in the session is at least as new as that one.
 * - `primaryOnly` requests (the socket upgrade, the admin pages) start on the primary whatever
 *   their method.
 */
export function sessionStart(
  method: string,
  header: string | null | undefined,
  primaryOnly = false,
): D1SessionBookmark | D1SessionConstraint {
  if (primaryOnly || !READ_METHODS.has(method.toUpperCase())) return 'first-primary';
  return parseBookmark(header) ?? 'first-unconstrained';
}

/** Opens the request's D1 session (see `sessionStart`). */
export function openSession(c: Context<AppEnv>, primaryOnly = false): D1DatabaseSession {
  return c.env.DB.withSession(
    sessionStart(c.req.method, c.req.header(BOOKMARK_HEADER), primaryOnly),
  );
}

/** Hands the session's newest bookmark back to the caller, who sends it with the next call. */
export function answerBookmark(c: Context<AppEnv>, session: D1DatabaseSession) {
  const bookmark = session.getBookmark();
  if (bookmark) c.header(BOOKMARK_HEADER, bookmark);
}
