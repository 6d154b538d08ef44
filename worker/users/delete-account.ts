import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/**
 * Removes a user for good. The foreign keys take their sessions, memberships and reset links
 * with them; rooms they created stay, with no creator (shown as 'Unknown').
 */
export async function deleteAccount(db: Db, userId: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}
