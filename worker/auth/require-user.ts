import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';
import {
  clearSessionCookie,
  readSessionCookie,
  sessionCookieValue,
} from '../credentials/session-cookie';
import { logSecurityEvent } from '../security/guards';
import { loadSession } from '../credentials/sessions';

/** Lets only signed-in callers through, with `c.var.user` and `c.var.session` set. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const found = await loadSession(c);
  if (!found) {
    // A stale cookie is dropped so the browser stops presenting it, and logged: replaying
    // revoked or forged cookies is how a stolen session shows itself.
    if (sessionCookieValue(c)) {
      clearSessionCookie(c);
      // A cookie our server never signed (forged, cut, or its time long past) scores, as any
      // anonymous refusal does (security/anonymous-refusals.ts). One it signed whose session
      // was revoked never does: that browser presents it until this answer clears it, and
      // what a revoked session's request does proves nothing about its address.
      const forged = (await readSessionCookie(c)) === null;
      logSecurityEvent(
        c,
        {
          eventType: 'invalid_session',
          details: { path: new URL(c.req.url).pathname, cookie: forged ? 'forged' : 'revoked' },
        },
        { signedIn: false, score: forged ? undefined : 'never' },
      );
    }
    throw new ApiError(401, 'Not authenticated');
  }
  c.set('user', found.user);
  c.set('session', found.session);
  await next();
});

/** Administrators only: 401 without a session, 403 for anyone else; every refusal is logged. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const found = await loadSession(c);
  if (!found || found.user.role !== 'admin') {
    logSecurityEvent(
      c,
      {
        eventType: 'access_denied',
        userId: found?.user.id,
        details: {
          path: new URL(c.req.url).pathname,
          reason: found ? 'not an admin' : 'not signed in',
        },
      },
      { signedIn: found !== null },
    );
    if (!found) throw new ApiError(401, 'Not authenticated');
    throw new ApiError(403, 'Admin access required');
  }
  c.set('user', found.user);
  c.set('session', found.session);
  await next();
});
