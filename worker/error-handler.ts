import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './app-env';
import { logSecurityEvent } from './security/guards';
import { ApiError } from './http/api-error';

/** The one error handler: `{ error }` with the right status, never a stack trace. */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof ApiError && err.status === 413) {
    logSecurityEvent(c, {
      eventType: 'malformed_payload',
      details: { path: new URL(c.req.url).pathname, status: 413 },
    });
  }
  if (err instanceof ApiError) {
    return c.json({ error: err.message, ...err.extra }, err.status);
  }
  if (err instanceof HTTPException) {
    // Hono's own middleware (body limit, JSON parsing) throws these: hostile or broken bodies.
    const status = err.status;
    const message = status === 413 ? 'Request body is too large' : err.message || 'Bad request';
    if (status === 400 || status === 413) {
      logSecurityEvent(c, {
        eventType: 'malformed_payload',
        details: { path: new URL(c.req.url).pathname, status },
      });
    }
    return c.json({ error: message }, status);
  }
  if (isVanishedReference(err)) {
    // A row the request had checked (the caller's account, a room) was deleted before its write:
    // asking again gets the answer that now holds (signed out, not found), not a 500.
    return c.json({ error: CHANGED_MEANWHILE }, 409);
  }
  console.error(`[api] ${c.req.method} ${new URL(c.req.url).pathname}:`, err);
  return c.json({ error: 'Internal server error' }, 500);
}

export function handleNotFound(c: Context) {
  return c.json({ error: 'Not found' }, 404);
}

export const CHANGED_MEANWHILE = 'That changed while we were answering. Please try again.';

/** D1's refusal of a write whose foreign key names a row gone since (drizzle may wrap it). */
function isVanishedReference(err: unknown): boolean {
  for (let at = err, depth = 0; at instanceof Error && depth < 4; at = at.cause, depth++) {
    if (at.message.includes('SQLITE_CONSTRAINT_FOREIGNKEY')) return true;
  }
  return false;
}
