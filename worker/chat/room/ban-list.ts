/**
 * Who is banned from this room, in the object's own storage. D1's room_bans is what the API
 * and the upgrade check read; the room keeps its own copy because it is the last word: a socket
 * already open (or whose upgrade was checked just before the kick) reaches the room, not D1.
 * Written by removeMember (a kick) and cleared by unbanMember, both RPCs from the worker
 * (banStands settles the order in which they arrive).
 * Read on every upgrade and every join, so a copy is kept in memory (a query each would be
 * paid once per socket in a connect storm); this class is the table's only writer.
 */
import { ensureTable } from '../../lib/sqlite-tables';

export class RoomBans {
  private banned: Set<string> | null = null;

  constructor(private readonly sql: SqlStorage) {
    ensureTable(sql, 'bans', 'user_id TEXT PRIMARY KEY, banned_at INTEGER NOT NULL');
  }

  ban(userId: string) {
    this.sql.exec(
      'INSERT INTO bans (user_id, banned_at) VALUES (?, ?) ON CONFLICT(user_id) DO NOTHING',
      userId,
      Date.now(),
    );
    this.banned?.add(userId);
  }

  unban(userId: string) {
    this.sql.exec('DELETE FROM bans WHERE user_id = ?', userId);
    this.banned?.delete(userId);
  }

  has(userId: string): boolean {
    this.banned ??= new Set(
      this.sql
        .exec<{ user_id: string }>('SELECT user_id FROM bans')
        .toArray()
        .map((r) => r.user_id),
    );
    return this.banned.has(userId);
  }

  clear() {
    this.sql.exec('DELETE FROM bans');
    this.banned = new Set();
  }
}

/** Whether D1 still holds the person's ban: the API writes it before it tells the room. */
export async function banStands(db: D1Database, roomId: string, userId: string) {
  const row = await db
    .prepare('SELECT 1 AS banned FROM room_bans WHERE room_id = ? AND user_id = ?')
    .bind(roomId, userId)
    .first();
  return row !== null;
}
