/**
 * Forgets every push subscription of an account, for the changes that end all its sessions (a
 * password reset, an email change). A subscription is not tied to a session: one posted by
 * whoever held a session (to an endpoint of their own, with their own keys) would otherwise go
 * on receiving `{ roomId, messageId }` for each of the account's rooms, new ones included, and
 * a room's id is what joins it. The owner's browsers post theirs again once signed in
 * (client/lib/session/session-provider.tsx).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema';

/** A statement for the same batch as the sessions' revocation. */
export function forgetPushSubscriptions(db: Db, userId: string) {
  return db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
