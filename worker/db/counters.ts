/**
 * The admin stats' running totals. Each write that adds or removes a user, a room or messages
 * puts one of these updates in the same D1 batch (one transaction) as itself, so the totals
 * stay exact under concurrent writes and reading them costs three rows, not three table scans.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AdminStats } from '../../contract/admin';
import type { Db } from './client';
import { counters, rooms, users } from './schema';

export type CounterName = keyof AdminStats;

/** Adds `delta` (a number or an SQL expression) to one counter. */
export function bumpCounter(db: Db, name: CounterName, delta: number | SQL) {
  return db
    .update(counters)
    .set({ value: sql`${counters.value} + (${delta})` })
    .where(eq(counters.name, name));
}

/** One user fewer, if that user still exists when the batch runs (put it before the delete). */
export function countUserRemoval(db: Db, userId: string) {
  return bumpCounter(
    db,
    'users',
    sql`-(SELECT COUNT(*) FROM ${users} WHERE ${users.id} = ${userId})`,
  );
}

/**
 * One room and its messages fewer, if the room `where` picks still exists when the batch runs
 * (put it before the delete, with the delete's own condition).
 */
export function countRoomRemoval(db: Db, where: SQL) {
  return [
    bumpCounter(db, 'rooms', sql`-(SELECT COUNT(*) FROM ${rooms} WHERE ${where})`),
    bumpCounter(
      db,
      'messages',
      sql`-COALESCE((SELECT ${rooms.messageCount} FROM ${rooms} WHERE ${where}), 0)`,
    ),
  ] as const;
}

/**
 * For the room summary flush, in its batch before it sets rooms.message_count: the messages
 * counter grows by the difference. A room deleted meanwhile adds nothing.
 */
export function countFlushedMessages(
  db: D1Database,
  roomId: string,
  messageCount: number | string,
) {
  return db
    .prepare(
      `UPDATE counters SET value = value + COALESCE(
         (SELECT ? - message_count FROM rooms WHERE room_id = ?), 0) WHERE name = 'messages'`,
    )
    .bind(messageCount, roomId);
}

export async function readCounters(db: Db): Promise<AdminStats> {
  const rows = await db.select().from(counters);
  const value = (name: CounterName) => rows.find((row) => row.name === name)?.value ?? 0;
  return { users: value('users'), rooms: value('rooms'), messages: value('messages') };
}
