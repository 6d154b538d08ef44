import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { normalizeDomain } from '../../contract/validation';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/**
 * Emails are stored lower-cased and composed (NFC), with the domain normalised; callers pass
 * the contract's normalized email. Accounts made before those rules may hold an older form,
 * and are found by it too, so that they can still sign in and reset: the decomposed form (an
 * é as e plus an accent), a trailing dot after the domain, or the domain in Unicode
 * ('bücher.de' for 'xn--bcher-kva.de').
 */
export async function findUserByEmail(db: Db, email: string) {
  if (/[@.]xn--/.test(email)) return findByUnicodeDomain(db, email);
  const forms = [...new Set([email, email.normalize('NFD'), `${email}.`])];
  const rows = await db.select().from(users).where(inArray(users.email, forms)).all();
  return rows.find((row) => row.email === email) ?? rows[0];
}

/** `email` as stored, else an older row that held its domain in Unicode. */
async function findByUnicodeDomain(db: Db, email: string) {
  const at = email.lastIndexOf('@');
  // Every address with this local part: from 'local@' up to, not including, 'localA'.
  const rows = await db
    .select()
    .from(users)
    .where(and(gte(users.email, email.slice(0, at + 1)), lt(users.email, `${email.slice(0, at)}A`)))
    .limit(50)
    .all();
  const asStoredNow = (stored: string) =>
    `${stored.slice(0, stored.lastIndexOf('@'))}@${normalizeDomain(stored.slice(stored.lastIndexOf('@') + 1))}`;
  return (
    rows.find((row) => row.email === email) ?? rows.find((row) => asStoredNow(row.email) === email)
  );
}

export function findUserById(db: Db, id: string) {
  return db.select().from(users).where(eq(users.id, id)).get();
}
