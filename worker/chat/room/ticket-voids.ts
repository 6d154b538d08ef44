/**
 * What a room must remember so that a ticket issued before a change cannot undo it. A ticket
 * is valid for a minute and the worker admits it without D1, so the room refuses a ticket
 * issued before (or just around) the moment:
 * - the person was removed from the room: a kick (which also bans, but a ban can be lifted
 *   while the kicked person is still no member), their leaving it, their account's deletion, a
 *   password reset or an email change (every session of theirs ended) -> 'user';
 * - one of their sessions ended (a logout) -> 'session';
 * - the room was deleted -> everyone.
 * A nickname change does not void tickets (the person reconnects with a fresh one at once);
 * the nickname of an older ticket, or of a cookie upgrade checked before the change, is just
 * not trusted, and `join` reads the membership from D1. Nor does a change of 'Share when I have
 * read messages': an older ticket's setting gives way to the latest change (a ticket issued
 * while sharing, used after the person stopped, must not share their reads again).
 *
 * Kept in the object's SQLite storage, not memory: an idle room is evicted within seconds,
 * and a ticket outlives that. An entry outlives every ticket it could void (TICKET_TTL_MS
 * plus the clock allowance), then goes. Every person with a ticket is a member of the room
 * (ticket-route.ts), so every path that ends a member's access reaches this room
 * (close-sockets.ts reads the memberships).
 */
import { TICKET_TTL_MS } from '../../../contract/tickets';
import { ensureTable } from '../../lib/sqlite-tables';

/**
 * Clocks of the worker that issued a ticket and of the room may differ a little: a ticket is
 * treated as issued before a change when it is stamped up to this long after it.
 */
export const CLOCK_ALLOWANCE_MS = 1_000;
const KEEP_MS = TICKET_TTL_MS + 2 * CLOCK_ALLOWANCE_MS;
const EVERYONE = '*';

export type VoidKind = 'user' | 'session' | 'room' | 'nickname';

export interface TicketHolder {
  userId: string;
  sessionId: string;
  issuedAt: number;
}

export class TicketVoids {
  private readonly at = new Map<string, number>();

  constructor(private readonly sql: SqlStorage) {
    ensureTable(sql, 'ticket_voids', 'key TEXT PRIMARY KEY, at INTEGER NOT NULL');
    // Only reads (ensureTable too): a write here would make every wake of the room a commit.
    // The rows past their time go with the next void's prune.
    const rows = sql.exec<{ key: string; at: number }>(
      'SELECT key, at FROM ticket_voids WHERE at >= ?',
      Date.now() - KEEP_MS,
    );
    for (const row of rows) this.at.set(row.key, row.at);
  }

  /**
   * The person lost access to the room (tickets of every session of theirs), now or, for a
   * late call, at the moment `at` it happened.
   */
  voidUser(userId: string, at?: number) {
    this.put(`u:${userId}`, at);
  }

  voidSession(sessionId: string) {
    this.put(`s:${sessionId}`);
  }

  voidEveryone() {
    this.put(EVERYONE);
  }

  nicknameChanged(userId: string) {
    this.put(`n:${userId}`);
  }

  /** The person turned 'Share when I have read messages' on or off. */
  readSharingChanged(userId: string, share: boolean) {
    this.put(`${share ? 'r1' : 'r0'}:${userId}`);
  }

  /**
   * The setting an upgrade checked at `checkedAt` must take instead of the one it carries: the
   * latest change since its check (or up to the clock allowance before), or null when none.
   * Two changes in one millisecond read as off.
   */
  readSharingSince(userId: string, checkedAt: number): boolean | null {
    const on = this.at.get(`r1:${userId}`) ?? -Infinity;
    const off = this.at.get(`r0:${userId}`) ?? -Infinity;
    if (checkedAt > Math.max(on, off) + CLOCK_ALLOWANCE_MS) return null;
    return on > off;
  }

  /**
   * Why the room refuses this ticket, or null when no change since its issue voids it. Issued
   * up to `allowance` after a void still counts as before it (the worker's clock may run ahead).
   */
  refusal(
    holder: TicketHolder,
    allowance = CLOCK_ALLOWANCE_MS,
  ): 'room' | 'user' | 'session' | null {
    if (this.after(EVERYONE, holder.issuedAt, allowance)) return 'room';
    if (this.after(`u:${holder.userId}`, holder.issuedAt, allowance)) return 'user';
    if (this.after(`s:${holder.sessionId}`, holder.issuedAt, allowance)) return 'session';
    return null;
  }

  /** Whether a membership read at `checkedAt` may hold a nickname older than the current one. */
  nicknameStale(userId: string, checkedAt: number): boolean {
    return this.after(`n:${userId}`, checkedAt);
  }

  private after(key: string, issuedAt: number, allowance = CLOCK_ALLOWANCE_MS): boolean {
    const at = this.at.get(key);
    return at !== undefined && issuedAt <= at + allowance;
  }

  private put(key: string, at?: number) {
    const now = Date.now();
    const when = Math.min(at ?? now, now);
    // A late void never moves a newer one back.
    if (at !== undefined && (this.at.get(key) ?? -Infinity) >= when) return;
    this.at.set(key, when);
    this.sql.exec(
      'INSERT INTO ticket_voids (key, at) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET at = excluded.at',
      key,
      when,
    );
    this.prune(now);
  }

  private prune(now: number) {
    for (const [key, at] of this.at) if (now - at > KEEP_MS) this.at.delete(key);
    this.sql.exec('DELETE FROM ticket_voids WHERE at < ?', now - KEEP_MS);
  }
}
