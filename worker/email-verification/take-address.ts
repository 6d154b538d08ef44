/**
 * How an address moves to the person who proved they control it (docs/email-verification.md).
 * An account holding the address without having proved it loses it to a placeholder; an
 * account that proved it is never touched, and the unique index on users.email then refuses
 * the move, which rolls back the whole batch.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { RELEASED_EMAIL_DOMAIN } from '../../contract/email-verification';
import type { Db } from '../db/client';
import { emailVerifications, pendingSignups, users } from '../db/schema';

export const ADDRESS_TAKEN = 'This address already belongs to another account.';

/**
 * Statements that free `email` from an unverified holder other than `newOwnerId`, and drop the
 * claims on it that the move makes void: the holder's own link to verify it, and other
 * sign-ups waiting for it.
 */
export function releaseAddress(db: Db, email: string, newOwnerId: string) {
  return [
    db
      .update(users)
      .set({ email: sql`'released-' || ${users.id} || ${'@' + RELEASED_EMAIL_DOMAIN}` })
      .where(and(eq(users.email, email), isNull(users.emailVerifiedAt), ne(users.id, newOwnerId)))
      .returning({ id: users.id }),
    db
      .delete(emailVerifications)
      .where(
        and(
          eq(emailVerifications.email, email),
          eq(emailVerifications.kind, 'verify'),
          ne(emailVerifications.userId, newOwnerId),
        ),
      ),
    db.delete(pendingSignups).where(eq(pendingSignups.email, email)),
  ] as const;
}
