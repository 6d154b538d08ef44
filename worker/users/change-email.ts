import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { startSession, revokeSessions } from '../auth/sessions';
import { users, type UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { findUserByEmail, isUniqueViolation } from './find-user';

const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * Moves the signed-in user to a new email. Every session of the account is revoked (someone who
 * stole a cookie must not keep it across a change of identity) and this browser gets a new one.
 */
export async function changeEmail(c: Context<AppEnv>, newEmail: string): Promise<UserRow> {
  const { user } = c.var;
  if (newEmail === user.email) throw new ApiError(400, 'That is already your email address');
  const owner = await findUserByEmail(c.var.db, newEmail);
  if (owner) throw new ApiError(409, EMAIL_TAKEN);
  const db = c.var.db;
  try {
    const [updated] = await db.batch([
      db.update(users).set({ email: newEmail }).where(eq(users.id, user.id)).returning(),
      revokeSessions(db, user.id),
    ]);
    await startSession(c, user.id);
    return updated[0] ?? { ...user, email: newEmail };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, EMAIL_TAKEN);
    throw error;
  }
}
