/**
 * POST /api/auth/verify-email: what opening a mailed link does. The token says which of the
 * three it is: proving the account's address, moving an account to a new one, or making the
 * account a sign-up waited for. POST /api/auth/verify-email/preview says which, spending nothing.
 */
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { LinkPreviewResponse } from '../../contract/email-verification';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/client';
import { bumpCounter } from '../db/counters';
import { loadSession, revokeSessions, startSession } from '../credentials/sessions';
import { closeUserSockets } from '../room-calls/close-sockets';
import { forgetPushSubscriptions } from '../credentials/forget-push-subscriptions';
import { emailVerifications, passwordResets, pendingSignups, users } from '../db/schema';
import { ApiError } from '../http/api-error';
import { sha256Hex } from '../lib/encoding';
import { logSecurityEvent } from '../security/guards';
import { findUserById } from '../users/find-user';
import { isUniqueViolation } from '../db/constraint-errors';
import { claimLink } from './links';
import { sendAddressMail } from './mails';
import { claimPendingSignup } from './pending-signups';
import { ADDRESS_TAKEN, releaseAddress } from './take-address';

type EmailVerificationRow = typeof emailVerifications.$inferSelect;
type PendingSignupRow = typeof pendingSignups.$inferSelect;

const LINK_INVALID = 'This verification link is invalid or has expired.';
const SIGNED_OUT_BY_CHANGE =
  'Your email address was changed, which ends every session. If you changed it in this browser, reload the page; if not, please sign in again.';

export async function confirmLink(c: Context<AppEnv>, token: string): Promise<string> {
  const tokenHash = await sha256Hex(token);
  const link = await claimLink(c.var.db, tokenHash);
  if (link?.kind === 'verify') return confirmAddress(c, link);
  if (link?.kind === 'change') return completeChange(c, link);
  const signup = await claimPendingSignup(c.var.db, tokenHash);
  if (signup) return completeSignup(c, signup);
  throw new ApiError(400, LINK_INVALID);
}

/**
 * What the link would do, read and not deleted: the page shows it and waits for a click, since
 * mail scanners open links (and run their scripts) without the person who got the mail.
 */
export async function previewLink(db: Db, token: string): Promise<LinkPreviewResponse> {
  const tokenHash = await sha256Hex(token);
  const now = Date.now();
  const [links, signups] = await db.batch([
    db
      .select({ kind: emailVerifications.kind, email: emailVerifications.email })
      .from(emailVerifications)
      .where(
        and(eq(emailVerifications.tokenHash, tokenHash), gt(emailVerifications.expiresAt, now)),
      ),
    db
      .select({ email: pendingSignups.email })
      .from(pendingSignups)
      .where(and(eq(pendingSignups.tokenHash, tokenHash), gt(pendingSignups.expiresAt, now))),
  ]);
  const link = links[0];
  if (link) return { kind: link.kind, email: link.email };
  const signup = signups[0];
  if (signup) return { kind: 'signup', email: signup.email };
  throw new ApiError(400, LINK_INVALID);
}

/** The account's own address, proved: sign-ups still waiting for it are void from now on. */
async function confirmAddress(c: Context<AppEnv>, link: EmailVerificationRow) {
  const db = c.var.db;
  const [verified] = await db.batch([
    db
      .update(users)
      .set({ emailVerifiedAt: Date.now() })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
      .returning({ id: users.id }),
    db
      .delete(pendingSignups)
      .where(
        and(
          eq(pendingSignups.email, link.email),
          sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.email} = ${link.email} AND ${isNotNull(users.emailVerifiedAt)})`,
        ),
      ),
  ]);
  // The account has moved to another address since the link was sent.
  if (verified.length === 0) throw new ApiError(400, LINK_INVALID);
  return 'Your email address is verified.';
}

/**
 * The new address, proved: the change happens now, and is guarded like a password change (as
 * it always was): every session ends, except that this browser, if it is the account's, gets
 * a new one; reset links mailed to the old address stop working; the old address is told.
 */
async function completeChange(c: Context<AppEnv>, link: EmailVerificationRow) {
  const db = c.var.db;
  const [user, caller] = await Promise.all([
    findUserById(db, link.userId),
    loadSession(c).catch(() => null),
  ]);
  if (!user) throw new ApiError(400, LINK_INVALID);
  let released: { id: string }[];
  try {
    [released] = await db.batch([
      ...releaseAddress(db, link.email, user.id),
      db
        .update(users)
        .set({ email: link.email, emailVerifiedAt: Date.now() })
        .where(eq(users.id, user.id)),
      revokeSessions(db, user.id),
      // With the sessions, the browsers they subscribed (this one posts its own again).
      forgetPushSubscriptions(db, user.id),
      db.delete(passwordResets).where(eq(passwordResets.userId, user.id)),
      db.delete(emailVerifications).where(eq(emailVerifications.userId, user.id)),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, ADDRESS_TAKEN);
    throw error;
  }
  if (caller?.user.id === user.id) await startSession(c, user.id);
  logReleased(c, released, link.email);
  logSecurityEvent(c, {
    eventType: 'email_changed',
    userId: user.id,
    details: { from: user.email, to: link.email },
  });
  sendAddressMail(c, { kind: 'changed', to: user.email, newEmail: link.email });
  c.executionCtx.waitUntil(
    closeUserSockets(c.env, user.id, SIGNED_OUT_BY_CHANGE).catch((error) =>
      console.error('[verify-email] after an email change:', error),
    ),
  );
  return `Your email address is now ${link.email}.`;
}

/** The address, proved by the person who signed up with it: their account is made now. */
async function completeSignup(c: Context<AppEnv>, signup: PendingSignupRow) {
  const db = c.var.db;
  let released: { id: string }[];
  try {
    [released] = await db.batch([
      ...releaseAddress(db, signup.email, signup.userId),
      db.insert(users).values({
        id: signup.userId,
        email: signup.email,
        nickname: signup.nickname,
        passwordHash: signup.passwordHash,
        passwordSalt: signup.passwordSalt,
        passwordIterations: signup.passwordIterations,
        emailVerifiedAt: Date.now(),
      }),
      bumpCounter(db, 'users', 1),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, ADDRESS_TAKEN);
    throw error;
  }
  logReleased(c, released, signup.email);
  return 'Your email address is verified and your account is ready. You can now log in.';
}

function logReleased(c: Context<AppEnv>, released: { id: string }[], email: string) {
  for (const { id } of released) {
    logSecurityEvent(c, {
      eventType: 'email_changed',
      userId: id,
      details: { from: email, reason: 'the owner of the unverified address took it back' },
    });
  }
}
