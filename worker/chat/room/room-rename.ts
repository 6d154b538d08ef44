/**
 * The room's name changed through the API (rooms/room-settings-routes.ts). The object reads it
 * from D1 rather than taking it from the call: two renames at once may reach D1 in one order
 * and the room in the other, so the last call to arrive reads the name that stands, as a
 * nickname change does (ChatRoom.membershipChanged). The caller then sends the online list,
 * which carries the name, to every open chat.
 */
import type { RoomIdentity } from './room-identity';

export class RoomRename {
  private calls = 0;

  constructor(
    private readonly identity: RoomIdentity,
    private readonly db: () => D1Database,
  ) {}

  /** Whether the name the room has now is news to tell: false for a call a later one overtook. */
  async renamed(roomId: string): Promise<boolean> {
    const call = ++this.calls;
    // Taken before the read: a name any upgrade read after this is at least as new.
    const readAt = Date.now();
    const row = await this.db()
      .prepare('SELECT name FROM rooms WHERE room_id = ?')
      .bind(roomId)
      .first<{ name: string }>();
    if (call !== this.calls || !row || this.identity.deleted) return false;
    this.identity.renamed(roomId, row.name, readAt);
    return true;
  }
}
