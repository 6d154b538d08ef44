/**
 * The room's record of which addresses reached it, for address blocks: a block ends an
 * address's sockets in the rooms socket_addresses names (close-sockets.ts). The upgrade itself
 * writes nothing to D1 (a ticketed one makes no D1 call at all), so the room writes the rows,
 * a little later and many at once: one batch per FLUSH_DELAY_MS for a whole connect storm, not
 * one commit per socket.
 *
 * The same batch reads which of those addresses are blocked, and the room closes their
 * sockets: a block written before the batch is seen by it, one written after it finds the rows.
 * Either way the socket ends, so a socket let in during a block's first moments (a ticket
 * checked against the block cache's stale seconds, block-cache.ts, or a cookie upgrade checked
 * just before the block) keeps it for at most about FLUSH_DELAY_MS plus a round trip.
 */
import { NETWORK_BLOCKED } from '../../room-calls/close-sockets';
import type { RoomSockets } from '../sockets/socket-state';
import { closeAddress } from './room-exits';
const FLUSH_DELAY_MS = 500;
/** An address noted this recently is not written again (the prune keeps rows a week). */
const RENOTE_MS = 60 * 60 * 1000;
/** D1 takes at most 100 bound parameters per statement: two are the room and the time. */
const ADDRESSES_PER_STATEMENT = 98;

export class AddressNotes {
  private readonly notedAt = new Map<string, number>();
  private pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly db: () => D1Database,
    private readonly identity: { readonly id: string },
    private readonly sockets: RoomSockets,
  ) {}

  note(ip: string, now = Date.now()) {
    const at = this.notedAt.get(ip);
    if (at !== undefined && now - at < RENOTE_MS) return;
    this.notedAt.set(ip, now);
    this.pending.add(ip);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
  }

  /** Writes what is pending; answers the addresses found blocked. */
  async flush(): Promise<string[]> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ips = [...this.pending];
    this.pending = new Set();
    const roomId = this.identity.id;
    if (ips.length === 0 || !roomId) return [];
    const now = Date.now();
    const db = this.db();
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < ips.length; i += ADDRESSES_PER_STATEMENT) {
      const chunk = ips.slice(i, i + ADDRESSES_PER_STATEMENT);
      const marks = chunk.map((_, j) => `?${j + 3}`).join(', ');
      statements.push(
        db
          .prepare(`SELECT ip FROM ip_reputation WHERE ip IN (${marks}) AND blocked_until > ?2`)
          .bind(roomId, now, ...chunk),
        db
          .prepare(
            `INSERT INTO socket_addresses (ip, room_id, seen_at)
             SELECT value, ?1, ?2 FROM json_each(json_array(${marks}))
             WHERE EXISTS (SELECT 1 FROM rooms WHERE room_id = ?1)
             ON CONFLICT (ip, room_id) DO UPDATE SET seen_at = excluded.seen_at`,
          )
          .bind(roomId, now, ...chunk),
      );
    }
    try {
      const answers = await db.batch<{ ip: string }>(statements);
      const blocked = answers.flatMap((answer) => answer.results?.map((row) => row.ip) ?? []);
      for (const ip of blocked) closeAddress(this.sockets, ip, NETWORK_BLOCKED);
      return blocked;
    } catch (error) {
      // Noted again by the next socket from the address rather than never.
      for (const ip of ips) this.notedAt.delete(ip);
      console.error('[address-notes]', error);
      return [];
    }
  }
}
