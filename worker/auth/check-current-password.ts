import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';
import { clientIp } from '../security/client-ip';
import { enforceLimit, logSecurityEvent } from '../security/guards';
import { giveBack, limits } from '../security/rate-limit';
import { markPasswordVerified } from '../credentials/sessions';
import { verifyPassword } from '../credentials/password';

/**
 * Settings actions re-check the password: a borrowed, unlocked browser is not enough. The
 * re-check is limited like a login, or a borrowed browser could guess the password (and then
 * change the email) at full speed; the slots are held during the check, so racing guesses
 * cannot exceed the limits, and given back when the password is right.
 */
export async function checkCurrentPassword(c: Context<AppEnv>, password: string) {
  const { user, session } = c.var;
  const addressSlot = await enforceLimit(c, limits.failedPasswordCheckPerIp(clientIp(c.req.raw)));
  // Limited per account, not per session: signing in again must not buy more guesses. Its 429
  // does not score, so the owner's own mistyping cannot get their address blocked.
  const accountSlot = await enforceLimit(c, limits.failedPasswordCheckPerAccount(user.id), {
    score: 'never',
  });
  const stored = {
    hash: user.passwordHash,
    salt: user.passwordSalt,
    iterations: user.passwordIterations,
  };
  if (!(await verifyPassword(password, stored))) {
    logSecurityEvent(c, {
      eventType: 'login_failed',
      userId: user.id,
      details: { email: user.email, check: 'current password' },
    });
    throw new ApiError(401, 'Incorrect password');
  }
  await giveBack(c.env.DB, addressSlot, accountSlot);
  await markPasswordVerified(c.var.db, session.id);
}
