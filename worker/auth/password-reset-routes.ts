/** Forgotten passwords: /api/auth/reset-password/forgot and /reset. */
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { forgotPasswordBody, resetPasswordBody } from '../../contract/auth';
import type { MessageResponse } from '../../contract/user';
import type { AppEnv } from '../app-env';
import { emailVerifications, loginAddresses, passwordResets, users } from '../db/schema';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { sha256Hex } from '../lib/encoding';
import { createMailer } from '../mail/mailer';
import { findUserByEmail } from '../users/find-user';
import { publicOrigin } from '../http/public-origin';
import { clientIp } from '../security/client-ip';
import { logSecurityEvent } from '../security/guards';
import { takeForgotSlots } from './forgot-limits';
import { hashPassword } from '../credentials/password';
import { issueResetLink } from './reset-links';
import { revokeSessions } from '../credentials/sessions';
import { forgetPushSubscriptions } from '../credentials/forget-push-subscriptions';
import { closeUserSockets } from '../room-calls/close-sockets';

const FORGOT_ANSWER = 'If an account exists for that email, a password reset link has been sent.';
const RESET_DONE = 'Your password has been reset. You can now log in with your new password.';
const PASSWORD_CHANGED = 'Your password was reset. Please log in again.';
const RESET_INVALID = 'This password reset link is invalid or has expired.';

export const passwordResetRoutes = new Hono<AppEnv>()
  .post('/forgot', validateJson(forgotPasswordBody), async (c) => {
    const { email } = c.req.valid('json');
    await takeForgotSlots(c, email);
    const user = await findUserByEmail(c.var.db, email);
    logSecurityEvent(c, {
      eventType: 'password_reset_requested',
      userId: user?.id,
      details: { email, accountExists: Boolean(user) },
    });
    const origin = publicOrigin(c);
    if (user && origin) {
      // Made and sent after the answer, so the time taken does not tell whether the account
      // exists. Older links stay live (reset-links.ts): asking again cannot jam the owner's.
      c.executionCtx.waitUntil(
        issueResetLink(c.var.db, user.id)
          .then((token) => {
            const link = `${origin}/reset-password/${token}`;
            return createMailer(c.env).send({
              to: user.email,
              subject: 'Reset your Chat Rooms password',
              text: `Someone asked to reset your password. Open this link within an hour to choose a new one:\n${link}\n\nIf it was not you, ignore this mail.`,
              link,
            });
          })
          .catch((error) => console.error('[auth] reset link not made or sent:', error)),
      );
    }
    return c.json({ message: FORGOT_ANSWER } satisfies MessageResponse);
  })
  .post('/reset', validateJson(resetPasswordBody), async (c) => {
    const { token, newPassword } = c.req.valid('json');
    const db = c.var.db;
    // Deleting the row as it is read makes the link single-use even under two racing requests.
    const claimed = await db
      .delete(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, await sha256Hex(token)),
          gt(passwordResets.expiresAt, Date.now()),
        ),
      )
      .returning()
      .get();
    if (!claimed) throw new ApiError(400, RESET_INVALID);
    const hashed = await hashPassword(newPassword);
    await db.batch([
      db
        .update(users)
        .set({
          passwordHash: hashed.hash,
          passwordSalt: hashed.salt,
          passwordIterations: hashed.iterations,
        })
        .where(eq(users.id, claimed.userId)),
      revokeSessions(db, claimed.userId),
      // An endpoint whoever knew the old password subscribed would still hear every room.
      forgetPushSubscriptions(db, claimed.userId),
      // The password is new: the account's other links are spent with it.
      db
        .delete(passwordResets)
        .where(
          or(eq(passwordResets.userId, claimed.userId), lt(passwordResets.expiresAt, Date.now())),
        ),
      // So is a pending email change: it was asked for with the old password, perhaps by
      // whoever the owner is shutting out, and its link went to the address they chose.
      db
        .delete(emailVerifications)
        .where(
          and(eq(emailVerifications.userId, claimed.userId), eq(emailVerifications.kind, 'change')),
        ),
      // And the addresses they signed in from: each kept its own allowance of failed logins
      // (security/login-addresses.ts), a quiet way to go on guessing the new password. The
      // address that opened the link proved the mailbox, so it is the owner's from now on
      // (read from users: an account deleted meanwhile gets no row, not a foreign-key 500).
      db.delete(loginAddresses).where(eq(loginAddresses.userId, claimed.userId)),
      db.insert(loginAddresses).select(
        db
          .select({
            userId: users.id,
            ip: sql<string>`${clientIp(c.req.raw)}`.as('ip'),
            lastSuccessAt: sql<number>`${Date.now()}`.as('last_success_at'),
          })
          .from(users)
          .where(eq(users.id, claimed.userId)),
      ),
    ]);
    // Revoked sessions' sockets would keep talking: whoever knew the old password is out.
    await closeUserSockets(c.env, claimed.userId, PASSWORD_CHANGED);
    logSecurityEvent(c, { eventType: 'password_reset_completed', userId: claimed.userId });
    return c.json({ message: RESET_DONE } satisfies MessageResponse);
  });
