/**
 * /api/user: the profile call of the spec and the account's preferences, neither of which
 * carries a password.
 */
import { Hono } from 'hono';
import { preferencesBody, profileEmailBody } from '../../contract/auth';
import type { EmailUpdatedResponse, UserResponse } from '../../contract/user';
import type { AppEnv } from '../app-env';
import { requireUser } from './require-user';
import type { SessionRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { CHANGE_REQUESTED, requestEmailChange } from '../email-verification/change-email';
import { toPublicUser } from '../users/public-user';
import { setShareReads } from '../users/share-reads';

/**
 * Changing the email opens the door to a password reset, so without a password in the call the
 * session must have proved the password in settings (POST /api/auth/settings/verify) lately.
 * Signing in does not count: a cookie lifted from a browser just after its owner signed in
 * would otherwise be enough. A change request uses the proof up: one request per proof.
 */
const PROOF_VALID_MS = 10 * 60 * 1000;

function hasFreshPasswordProof(session: SessionRow, now = Date.now()): boolean {
  return (
    session.passwordVerifiedAt > session.createdAt &&
    now - session.passwordVerifiedAt <= PROOF_VALID_MS
  );
}

export const profileRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .put('/profile/email', validateJson(profileEmailBody), async (c) => {
    if (!hasFreshPasswordProof(c.var.session)) {
      throw new ApiError(403, 'Please confirm your password in settings first');
    }
    await requestEmailChange(c, c.req.valid('json').email);
    // The spec's answer is the user, stored as the current one: unchanged until the link is
    // opened, with the sentence that says so.
    return c.json({
      user: toPublicUser(c.var.user),
      message: CHANGE_REQUESTED,
    } satisfies EmailUpdatedResponse);
  })
  // A preference lets a stolen session do nothing it could not already: no password proof.
  .patch('/preferences', validateJson(preferencesBody), async (c) => {
    const { shareReads } = c.req.valid('json');
    const user = await setShareReads(c.env, c.var.db, c.var.user, shareReads);
    return c.json({ user: toPublicUser(user) } satisfies UserResponse);
  });
