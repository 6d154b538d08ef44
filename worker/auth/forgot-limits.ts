/**
 * Who may ask for a password-reset link, keyed so that a stranger's requests never use up the
 * owner's own: each address has its own allowance per email (and one across emails, against
 * spraying the form), and only addresses the account has never signed in from share the
 * generous cap per email that bounds the mail strangers can send one inbox. The owner at an
 * address they have signed in from is never held to that cap; elsewhere it takes strangers at
 * several addresses to reach it.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { clientIp } from '../security/client-ip';
import { enforceLimit } from '../security/guards';
import { hasSignedInFrom } from '../security/login-addresses';
import { limits } from '../security/rate-limit';

/** Takes the request's slots or answers 429, whether or not the account exists. */
export async function takeForgotSlots(c: Context<AppEnv>, email: string) {
  const ip = clientIp(c.req.raw);
  // Spraying the form from one address is that address's own doing, so that 429 scores.
  await enforceLimit(c, limits.forgotPerIp(ip), { score: 'even-signed-out' });
  // Neither of these scores: the owner can meet them through no fault of their address.
  await enforceLimit(c, limits.forgotPerIpAndEmail(ip, email), { score: 'never' });
  if (!(await hasSignedInFrom(c.env.DB, email, ip))) {
    await enforceLimit(c, limits.forgotPerEmail(email), { score: 'never' });
  }
}
