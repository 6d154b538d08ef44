import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** Emails are stored lower-cased; callers pass the contract's already-normalized email. */
export function findUserByEmail(db: Db, email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}

export function findUserById(db: Db, id: string) {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** True when a UNIQUE constraint refused a write: two requests raced for the same email. */
export function isUniqueViolation(error: unknown): boolean {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause)}` : error);
  return text.includes('UNIQUE constraint failed');
}
