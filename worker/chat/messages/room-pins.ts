/**
 * A room's pinned messages: `pinned_at` on their rows of the messages table (messages-table.ts,
 * with a partial index, so reading them costs as many rows as there are pins) and the list in
 * memory once read. Each change is told to the whole room as one `pins` event with the list now.
 * The excerpt is made from the message when the list is read, so an edit's new words show, and
 * a deleted or trimmed message is pinned no more. Who may pin is the caller's to check
 * (room/pin-actions.ts); sending a message runs nothing here unless its trim takes a pin.
 */
import { PINS_MAX, type Pin } from '../../../contract/pins';
import type { ChatMessage } from '../../../contract/realtime';
import { JOINED, type RoomSockets } from '../sockets/socket-state';
import { excerptOf } from './reply-excerpt';

export type PinOutcome = 'pinned' | 'already' | 'full';

interface PinRow extends Record<string, SqlStorageValue> {
  id: number;
  user: string;
  text: string;
  files: string | null;
  created_at: number;
  pinned_at: number;
}

export class RoomPins {
  /** Newest pin first (null until first needed in this object's life). */
  private list: Pin[] | null = null;

  constructor(
    private readonly sql: SqlStorage,
    private readonly sockets: RoomSockets,
    private readonly roomId: () => string,
  ) {}

  /** The pins, newest first. */
  all(): Pin[] {
    this.list ??= this.read();
    return this.list;
  }

  isPinned(id: number): boolean {
    return this.all().some((pin) => pin.id === id);
  }

  /** Pins a stored message (not deleted: the caller found it so). */
  pin(message: ChatMessage): PinOutcome {
    const id = message.id as number;
    const pins = this.all();
    if (this.isPinned(id)) return 'already';
    if (pins.length >= PINS_MAX) return 'full';
    // Newest first even for two pins within one millisecond.
    const pinnedAt = Math.max(Date.now(), (pins[0]?.pinnedAt ?? 0) + 1);
    this.sql.exec('UPDATE messages SET pinned_at = ? WHERE id = ?', pinnedAt, id);
    this.changed();
    return 'pinned';
  }

  /** Unpins a message; false when it was not pinned. */
  unpin(id: number): boolean {
    if (!this.isPinned(id)) return false;
    this.sql.exec('UPDATE messages SET pinned_at = NULL WHERE id = ?', id);
    this.changed();
    return true;
  }

  /** A message was edited: a pinned one's excerpt follows. */
  edited(id: number) {
    if (this.isPinned(id)) this.changed();
  }

  /** A pinned message left the history (deleted, or trimmed): the list is read again. */
  removed() {
    this.changed();
  }

  /** The room was deleted: its messages, and so its pins, are gone. */
  clear() {
    this.list = null;
  }

  private changed() {
    this.list = this.read();
    this.sockets.broadcast('pins', [{ roomId: this.roomId(), pins: this.list }], { room: JOINED });
  }

  private read(): Pin[] {
    return this.sql
      .exec<PinRow>(
        `SELECT id, user, text, files, created_at, pinned_at FROM messages
         WHERE pinned_at IS NOT NULL AND deleted_at IS NULL ORDER BY pinned_at DESC LIMIT ?`,
        PINS_MAX,
      )
      .toArray()
      .map((row) => ({
        id: row.id,
        user: row.user,
        excerpt: excerptOf({
          text: row.text,
          files: row.files ? JSON.parse(row.files) : undefined,
        }),
        createdAt: row.created_at,
        pinnedAt: row.pinned_at,
      }));
  }
}
