/**
 * 'Seen by': how far each member who shares it has read, by nickname, told to the others who
 * share theirs. Positions move with `read` and with sending (read-positions.ts moves the same
 * ones for unread counts); the room sends the ones that moved at most once per SEEN_INTERVAL_MS,
 * in one `seen` event to the sockets in SEEN, which holds only the sockets of people who
 * share. A joining sharer gets every position at once. Kept in the object's SQLite (a move
 * written with each send; a position taken back or renamed at once), so a woken room still
 * knows them, and a restarted one gives back nothing that was taken away.
 */
import { SEEN_INTERVAL_MS, type SeenEvent } from '../../../contract/realtime';
import { ensureTable } from '../../lib/sqlite-tables';
import type { RoomSocket, RoomSockets } from '../sockets/socket-state';

/** The Socket.IO room of the sockets whose person shares their read position. */
export const SEEN = 'seen';
/**
 * The most positions one `seen` carries: a joining socket gets the furthest read; the moved
 * ones beyond it in a busy room's second go with the next `seen`, a second later.
 */
export const POSITIONS_MAX = 500;

interface Position {
  nickname: string;
  messageId: number;
}

export class SeenPositions {
  /** Everyone's, by user id (read from storage on first use after a wake). */
  private positions: Map<string, Position> | null = null;
  /** Moved since the last `seen`, by user id; messageId 0 says a position is gone. */
  private pending = new Map<string, Position>();
  /** Nicknames given up since the last `seen`: their positions go (messageId 0). */
  private retired = new Set<string>();
  private sendScheduled = false;

  constructor(
    private readonly sql: SqlStorage,
    private readonly sockets: RoomSockets,
  ) {
    ensureTable(
      sql,
      'seen_positions',
      'user_id TEXT PRIMARY KEY, nickname TEXT NOT NULL, message_id INTEGER NOT NULL',
    );
  }

  /** A sharer has seen (or sent) `messageId`; a position never moves back. */
  moved(userId: string, nickname: string, messageId: number) {
    const known = this.all().get(userId);
    if (known && known.messageId >= messageId && known.nickname === nickname) return;
    const position = { nickname, messageId: Math.max(messageId, known?.messageId ?? 0) };
    this.all().set(userId, position);
    this.pending.set(userId, position);
    this.scheduleSend();
  }

  /** The person stopped sharing, or left the room: their position goes, for everyone. */
  forget(userId: string) {
    const known = this.all().get(userId);
    if (!known) return;
    this.all().delete(userId);
    // Out of storage now, in this call's commit, not with the next `seen`: a room restarted
    // in between (a deploy) would read it back and give it to every sharer who joins.
    this.sql.exec('DELETE FROM seen_positions WHERE user_id = ?', userId);
    this.pending.set(userId, { nickname: known.nickname, messageId: 0 });
    this.scheduleSend();
  }

  /**
   * The person took another nickname: their position moves to it, and the old one goes, or
   * whoever takes the old nickname next would be shown as having read that far.
   */
  renamed(userId: string, nickname: string) {
    const known = this.all().get(userId);
    if (!known || known.nickname === nickname) return;
    this.retired.add(known.nickname);
    // Stored under the new nickname now, as forget() does: a restart before the next `seen`
    // would otherwise give joiners the old one, which someone else may take.
    this.sql.exec('UPDATE seen_positions SET nickname = ? WHERE user_id = ?', nickname, userId);
    this.moved(userId, nickname, known.messageId);
  }

  /** A sharing socket that just joined: into SEEN, and every position now. */
  joined(socket: RoomSocket) {
    socket.join(SEEN);
    const positions = [...this.all().values()]
      .sort((a, b) => b.messageId - a.messageId)
      .slice(0, POSITIONS_MAX);
    socket.emit('seen', { positions });
  }

  clear() {
    this.positions = new Map();
    this.pending.clear();
    this.retired.clear();
    this.sql.exec('DELETE FROM seen_positions');
  }

  private all(): Map<string, Position> {
    if (!this.positions) {
      this.positions = new Map();
      const rows = this.sql.exec<{ user_id: string; nickname: string; message_id: number }>(
        'SELECT user_id, nickname, message_id FROM seen_positions',
      );
      for (const row of rows) {
        this.positions.set(row.user_id, { nickname: row.nickname, messageId: row.message_id });
      }
    }
    return this.positions;
  }

  private scheduleSend() {
    if (this.sendScheduled) return;
    this.sendScheduled = true;
    setTimeout(() => this.send(), SEEN_INTERVAL_MS);
  }

  /** One `seen` with the positions that moved, stored in the same event. */
  private send() {
    this.sendScheduled = false;
    const moved = this.pending;
    const retired = this.retired;
    this.retired = new Set();
    if (moved.size === 0) return;
    const event: SeenEvent = { positions: [] };
    // First, so that a position of someone who took the old nickname since stands after it.
    for (const nickname of retired) event.positions.push({ nickname, messageId: 0 });
    let sent = 0;
    for (const [userId, position] of moved) {
      // Every member of a big room may read within the same second: the frame stays bounded.
      if (sent++ === POSITIONS_MAX) {
        this.scheduleSend();
        break;
      }
      moved.delete(userId);
      event.positions.push(position);
      if (position.messageId === 0) {
        this.sql.exec('DELETE FROM seen_positions WHERE user_id = ?', userId);
      } else {
        this.sql.exec(
          `INSERT INTO seen_positions (user_id, nickname, message_id) VALUES (?, ?, ?)
           ON CONFLICT(user_id) DO UPDATE SET nickname = excluded.nickname,
             message_id = MAX(message_id, excluded.message_id)`,
          userId,
          position.nickname,
          position.messageId,
        );
      }
    }
    this.sockets.broadcast('seen', [event], { room: SEEN });
  }
}
