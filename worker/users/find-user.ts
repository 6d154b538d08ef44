import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/**
 * Emails are stored lower-cased and composed (NFC); callers pass the contract's normalized
 * email. An account made before emails were composed may hold the decomposed form (an é as e
 * plus an accent), and is found by it too, so that it can still sign in and reset.
 */
export async function findUserByEmail(db: Db, email: string) {
  const decomposed = email.normalize('NFD');
  if (decomposed === email) return db.select().from(users).where(eq(users.email, email)).get();
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.email, [email, decomposed]))
    .all();
  return rows.find((row) => row.email === email) ?? rows[0];
}

export function findUserById(db: Db, id: string) {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** True when a UNIQUE constraint refused a write: two requests raced for the same email. */
export function isUniqueViolation(error: unknown): boolean {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause)}` : error);
  return text.includes('UNIQUE constraint failed');
}
