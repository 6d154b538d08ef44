/**
 * /api/auth/verify-email: open a mailed link (POST /), say what it would do without using it
 * (POST /preview), have a new one sent to the account's address (POST /resend), and read where
 * the address stands (GET /status). No GET reads a token: only the person's click, a POST, can
 * use a link (docs/email-verification.md).
 */
import { Hono } from 'hono';
import { isReleasedEmail, verifyEmailBody } from '../../contract/email-verification';
import type { EmailStatusResponse, LinkPreviewResponse } from '../../contract/email-verification';
import type { MessageResponse } from '../../contract/user';
import type { AppEnv } from '../app-env';
import { requireUser } from './require-user';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { enforceLimit } from '../security/guards';
import { confirmLink, previewLink } from '../email-verification/confirm-link';
import { addressLimits } from '../email-verification/limits';
import { newLink, pendingChange } from '../email-verification/links';
import { sendAddressMail } from '../email-verification/mails';

export const verifyEmailRoutes = new Hono<AppEnv>()
  // Open to anyone holding the link: it is often opened in a mail app's browser, signed out.
  .post('/', validateJson(verifyEmailBody), async (c) => {
    const message = await confirmLink(c, c.req.valid('json').token);
    return c.json({ message } satisfies MessageResponse);
  })
  // Read-only, for the page to say what the link does before the person confirms. A POST, so
  // the token stays out of URLs and logs, and it is read on the primary (a link mailed a moment
  // ago may not be on a replica yet). Whoever holds the token already knows the address named.
  .post('/preview', validateJson(verifyEmailBody), async (c) => {
    const preview = await previewLink(c.var.db, c.req.valid('json').token);
    return c.json(preview satisfies LinkPreviewResponse);
  })
  .post('/resend', requireUser, async (c) => {
    const { user, db } = c.var;
    if (user.emailVerifiedAt !== null) {
      return c.json({
        message: 'Your email address is already verified.',
      } satisfies MessageResponse);
    }
    if (isReleasedEmail(user.email)) {
      throw new ApiError(400, 'This account has no email address yet. Please choose one below.');
    }
    // The account's own limit: its 429 must not score the address, which others may share.
    await enforceLimit(c, addressLimits.resendPerAccount(user.id), { score: 'never' });
    const link = await newLink(db, user.id, user.email, 'verify');
    await db.batch(link.statements);
    sendAddressMail(c, { kind: 'verify', to: user.email, token: link.token });
    return c.json({ message: `We sent a new link to ${user.email}.` } satisfies MessageResponse);
  })
  .get('/status', requireUser, async (c) => {
    const { user, db } = c.var;
    return c.json({
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      pendingEmail: await pendingChange(db, user.id),
    } satisfies EmailStatusResponse);
  });
