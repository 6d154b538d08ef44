/**
 * Password-reset links, stored as their token's SHA-256. Asking again adds a link and leaves
 * the older ones live: a stranger asking for the owner's email must not kill the link the
 * owner is about to open. An account keeps its newest LIVE_LINKS_MAX live links.
 */
import { and, desc, eq, gt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResets } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/encoding';
import { limits } from '../security/rate-limit';

export const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Strangers can add at most the per-email cap's links within a link's hour (forgot-limits.ts),
 * so a link outlives every link they can ask for after it; the rest is room for the owner's
 * own requests from addresses they have signed in from, which that cap does not hold to.
 */
export const LIVE_LINKS_MAX = 2 * limits.forgotPerEmail('').max;

/** A new link's token for the account; the account's links past the newest few go. */
export async function issueResetLink(db: Db, userId: string): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  const mine = eq(passwordResets.userId, userId);
  const newest = db
    .select({ tokenHash: passwordResets.tokenHash })
    .from(passwordResets)
    .where(and(mine, gt(passwordResets.expiresAt, now)))
    // rowid breaks a tie of two links made in one millisecond: the later insert is newer.
    .orderBy(desc(passwordResets.createdAt), desc(sql`rowid`))
    .limit(LIVE_LINKS_MAX);
  // One transaction: racing requests cannot leave the account more than LIVE_LINKS_MAX.
  await db.batch([
    db.insert(passwordResets).values({
      tokenHash: await sha256Hex(token),
      userId,
      expiresAt: now + RESET_TTL_MS,
      createdAt: now,
    }),
    db
      .delete(passwordResets)
      .where(
        and(
          mine,
          or(lte(passwordResets.expiresAt, now), notInArray(passwordResets.tokenHash, newest)),
        ),
      ),
  ]);
  return token;
}
