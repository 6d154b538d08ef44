/**
 * The links mailed to prove an address. Only a token's SHA-256 is stored (as for reset links),
 * so a leaked table proves nothing; a link works once and for a day.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailVerifications } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/encoding';

export const LINK_TTL_MS = 24 * 60 * 60 * 1000;

export type LinkKind = 'verify' | 'change';

/**
 * A new link and the statements that store it, for the caller's batch. An account has one live
 * link of each kind: asking again replaces the last.
 */
export async function newLink(db: Db, userId: string, email: string, kind: LinkKind) {
  const token = randomToken(32);
  const now = Date.now();
  const statements = [
    replaceLinks(db, userId, kind),
    insertLink(db, {
      tokenHash: await sha256Hex(token),
      userId,
      email,
      kind,
      expiresAt: now + LINK_TTL_MS,
      createdAt: now,
    }),
  ] as const;
  return { token, statements };
}

function replaceLinks(db: Db, userId: string, kind: LinkKind) {
  return db
    .delete(emailVerifications)
    .where(and(eq(emailVerifications.userId, userId), eq(emailVerifications.kind, kind)));
}

function insertLink(db: Db, row: typeof emailVerifications.$inferInsert) {
  return db.insert(emailVerifications).values(row);
}

/** Takes a live link's row, deleting it as it is read: two racing clicks cannot both use it. */
export async function claimLink(db: Db, tokenHash: string) {
  return db
    .delete(emailVerifications)
    .where(
      and(
        eq(emailVerifications.tokenHash, tokenHash),
        gt(emailVerifications.expiresAt, Date.now()),
      ),
    )
    .returning()
    .get();
}

/** The address a change waits to move to, if a live link for one is out. */
export async function pendingChange(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .select({ email: emailVerifications.email })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, userId),
        eq(emailVerifications.kind, 'change'),
        gt(emailVerifications.expiresAt, Date.now()),
      ),
    )
    .get();
  return row?.email ?? null;
}
