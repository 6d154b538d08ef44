/** /api/user/profile: the profile call of the spec, which carries no password. */
import { Hono } from 'hono';
import { profileEmailBody } from '../../contract/auth';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { changeEmail } from './change-email';
import { toPublicUser } from './public-user';

/**
 * Changing the email opens the door to a password reset, so without a password in the call the
 * session must have proved the password recently (signed in or verified in settings).
 */
const RECENT_PASSWORD_MS = 15 * 60 * 1000;

export const profileRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .put('/profile/email', validateJson(profileEmailBody), async (c) => {
    if (Date.now() - c.var.session.passwordVerifiedAt > RECENT_PASSWORD_MS) {
      throw new ApiError(403, 'Please confirm your password in settings first');
    }
    const user = await changeEmail(c, c.req.valid('json').email);
    return c.json({ user: toPublicUser(user) });
  });
