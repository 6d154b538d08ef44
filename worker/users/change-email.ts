import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { startSession, revokeSessions } from '../auth/sessions';
import { closeUserSockets } from '../chat/close-sockets';
import { passwordResets, users, type UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { createMailer } from '../mail/mailer';
import { logSecurityEvent } from '../security/guards';
import { findUserByEmail, isUniqueViolation } from './find-user';

const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * Moves the signed-in user to a new email. The email is the way back into an account (a reset
 * link goes there), so a change is guarded like a password change:
 * - every session of the account is revoked, and its open sockets closed (someone who stole a
 *   cookie must not keep it across a change of identity); this browser gets a new session,
 *   which has not proved the password, so the next change needs the password again;
 * - reset links mailed earlier, to the old address, stop working;
 * - the old address is told, so an owner whose account was taken over hears of it.
 */
export async function changeEmail(c: Context<AppEnv>, newEmail: string): Promise<UserRow> {
  const { user } = c.var;
  if (newEmail === user.email) throw new ApiError(400, 'That is already your email address');
  const owner = await findUserByEmail(c.var.db, newEmail);
  if (owner) throw new ApiError(409, EMAIL_TAKEN);
  const db = c.var.db;
  let updated: UserRow;
  try {
    const [rows] = await db.batch([
      db.update(users).set({ email: newEmail }).where(eq(users.id, user.id)).returning(),
      revokeSessions(db, user.id),
      db.delete(passwordResets).where(eq(passwordResets.userId, user.id)),
    ]);
    updated = rows[0] ?? { ...user, email: newEmail };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, EMAIL_TAKEN);
    throw error;
  }
  await startSession(c, user.id);
  logSecurityEvent(c, {
    eventType: 'email_changed',
    userId: user.id,
    details: { from: user.email, to: newEmail },
  });
  c.executionCtx.waitUntil(
    Promise.all([
      // The browser that made the change holds the new session, and its other tabs share it.
      closeUserSockets(
        c.env,
        user.id,
        'Your email address was changed, which ends every session. If you changed it in this browser, reload the page; if not, please sign in again.',
      ),
      tellOldAddress(c, user.email, newEmail),
    ]).catch((error) => console.error('[settings] after an email change:', error)),
  );
  return updated;
}

async function tellOldAddress(c: Context<AppEnv>, oldEmail: string, newEmail: string) {
  // The way back for an owner who did not make the change is support, not a reset link: a
  // reset would now go to the new address.
  const link = `mailto:${c.env.SUPPORT_EMAIL}`;
  await createMailer(c.env).send({
    to: oldEmail,
    subject: `Your Chat Rooms email was changed to ${newEmail}`,
    text:
      `The email address of your Chat Rooms account was changed from ${oldEmail} to ${newEmail}.\n\n` +
      `If you did this, there is nothing to do. If you did not, someone else has your account: ` +
      `write to ${c.env.SUPPORT_EMAIL} so we can give it back to you.`,
    link,
  });
}
