/**
 * Sign-ups with an address that an unverified account holds. The answer is the one any
 * sign-up gets, so registering does not tell who holds which address; the account is made
 * only when the link mailed to the address is opened, and takes the address over then.
 */
import { and, desc, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pendingSignups } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/encoding';
import { verifyPassword, type PasswordHash } from '../credentials/password';
import { LINK_TTL_MS } from './links';

/** The newest sign-ups kept per address: a flood of them cannot grow the table without bound. */
const KEPT_PER_ADDRESS = 3;

export interface SignupDetails {
  userId: string;
  email: string;
  nickname: string;
  password: PasswordHash;
}

/** Stores a sign-up waiting for its link; answers the link's token. */
export async function addPendingSignup(db: Db, signup: SignupDetails): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  const forAddress = eq(pendingSignups.email, signup.email);
  const newest = db
    .select({ tokenHash: pendingSignups.tokenHash })
    .from(pendingSignups)
    .where(forAddress)
    // rowid breaks a tie of two sign-ups stored in one millisecond: the later insert is newer.
    .orderBy(desc(pendingSignups.createdAt), desc(sql`rowid`))
    .limit(KEPT_PER_ADDRESS);
  // One transaction, the newest read inside it: sign-ups racing for one address cannot each
  // trim what they read before the others' inserts, and leave more than KEPT_PER_ADDRESS.
  await db.batch([
    db.insert(pendingSignups).values({
      tokenHash: await sha256Hex(token),
      userId: signup.userId,
      email: signup.email,
      nickname: signup.nickname,
      passwordHash: signup.password.hash,
      passwordSalt: signup.password.salt,
      passwordIterations: signup.password.iterations,
      expiresAt: now + LINK_TTL_MS,
      createdAt: now,
    }),
    db.delete(pendingSignups).where(and(forAddress, notInArray(pendingSignups.tokenHash, newest))),
  ]);
  return token;
}

/** Takes a live sign-up's row, deleting it as it is read, as links are. */
export function claimPendingSignup(db: Db, tokenHash: string) {
  return db
    .delete(pendingSignups)
    .where(and(eq(pendingSignups.tokenHash, tokenHash), gt(pendingSignups.expiresAt, Date.now())))
    .returning()
    .get();
}

/**
 * Whether the newest sign-up waiting for `email` has this password: the login form then says
 * the link must be opened first, instead of 'Invalid email or password'. Only the person who
 * signed up knows that password.
 */
export async function waitsForLink(db: Db, email: string, password: string): Promise<boolean> {
  const newest = await db
    .select()
    .from(pendingSignups)
    .where(and(eq(pendingSignups.email, email), gt(pendingSignups.expiresAt, Date.now())))
    .orderBy(desc(pendingSignups.createdAt))
    .get();
  if (!newest) return false;
  return verifyPassword(password, {
    hash: newest.passwordHash,
    salt: newest.passwordSalt,
    iterations: newest.passwordIterations,
  });
}
