/** The settings wizard: /api/auth/settings/verify, /email and /account. */
import { Hono } from 'hono';
import { deleteAccountBody, settingsEmailBody, verifyPasswordBody } from '../../contract/auth';
import type {
  EmailUpdatedResponse,
  SuccessMessageResponse,
  SuccessResponse,
} from '../../contract/user';
import type { AppEnv } from '../app-env';
import { validateJson } from '../http/validate-json';
import { logSecurityEvent } from '../security/guards';
import { CHANGE_REQUESTED, requestEmailChange } from '../email-verification/change-email';
import { deleteAccount } from '../users/delete-account';
import { toPublicUser } from '../users/public-user';
import { checkCurrentPassword } from './check-current-password';
import { requireUser } from './require-user';
import { clearSessionCookie } from '../credentials/session-cookie';

export const settingsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/verify', validateJson(verifyPasswordBody), async (c) => {
    await checkCurrentPassword(c, c.req.valid('json').password);
    return c.json({ success: true } satisfies SuccessResponse);
  })
  .put('/email', validateJson(settingsEmailBody), async (c) => {
    const { currentPassword, newEmail } = c.req.valid('json');
    await checkCurrentPassword(c, currentPassword);
    await requestEmailChange(c, newEmail);
    // The user as it is: the address changes once the link mailed to it is opened.
    return c.json({
      message: CHANGE_REQUESTED,
      user: toPublicUser(c.var.user),
    } satisfies EmailUpdatedResponse);
  })
  .delete('/account', validateJson(deleteAccountBody), async (c) => {
    await checkCurrentPassword(c, c.req.valid('json').password);
    await deleteAccount(c.env, c.var.db, c.var.user.id);
    logSecurityEvent(c, {
      eventType: 'account_deleted',
      userId: c.var.user.id,
      details: { email: c.var.user.email },
    });
    clearSessionCookie(c);
    return c.json({
      success: true,
      message: 'Your account has been deleted successfully',
    } satisfies SuccessMessageResponse);
  });
