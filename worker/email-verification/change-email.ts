import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { sessions } from '../db/schema';
import { addressLimits } from './limits';
import { newLink } from './links';
import { sendAddressMail } from './mails';
import { ApiError } from '../http/api-error';
import { enforceLimit, logSecurityEvent } from '../security/guards';
import { findUserByEmail } from '../users/find-user';

/** The one answer to a change, whether or not the new address has an account. */
export const CHANGE_REQUESTED =
  'We sent a link to the new address. Your email changes once you open it; until then it stays as it is.';

/**
 * Asks to move the signed-in user to a new email. Nothing changes until the link mailed to the
 * new address is opened (email-verification/confirm-link.ts), so an address is only ever an
 * account's if its owner says so. The answer, the work done and the moment of the mails are
 * the same whether or not the address already has an account, so the call tells nobody which
 * addresses exist: an address with a verified account gets a notice instead of a link. The old
 * address hears of the request at once, so an owner whose password is known hears of it.
 */
export async function requestEmailChange(c: Context<AppEnv>, newEmail: string): Promise<void> {
  const { user, session, db } = c.var;
  if (newEmail === user.email) throw new ApiError(400, 'That is already your email address');
  // The account's own limit: its 429 must not score the address, which others may share.
  await enforceLimit(c, addressLimits.changePerAccount(user.id), { score: 'never' });
  const holder = await findUserByEmail(db, newEmail);
  const taken = holder !== undefined && holder.id !== user.id && holder.emailVerifiedAt !== null;
  const link = await newLink(db, user.id, newEmail, 'change');
  await db.batch([
    ...link.statements,
    // One request per password proof, as one change per proof was before.
    db
      .update(sessions)
      .set({ passwordVerifiedAt: session.createdAt })
      .where(eq(sessions.id, session.id)),
  ]);
  sendAddressMail(c, { kind: taken ? 'taken' : 'change', to: newEmail, token: link.token });
  sendAddressMail(c, { kind: 'change-requested', to: user.email, newEmail });
  logSecurityEvent(c, {
    eventType: 'email_changed',
    userId: user.id,
    details: { stage: 'requested', from: user.email, to: newEmail, addressTaken: taken },
  });
}
