import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';
import { clearSessionCookie, SESSION_COOKIE } from './session-cookie';
import { loadSession } from './sessions';

/** Lets only signed-in callers through, with `c.var.user` and `c.var.session` set. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const found = await loadSession(c);
  if (!found) {
    // A stale cookie is dropped so the browser stops presenting it.
    if (getCookie(c, SESSION_COOKIE)) clearSessionCookie(c);
    throw new ApiError(401, 'Not authenticated');
  }
  c.set('user', found.user);
  c.set('session', found.session);
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.user.role !== 'admin') throw new ApiError(403, 'Admin access required');
  await next();
});
