/**
 * Which room an object is. Ids come from idFromName, so the object learns its room's id and
 * name from whoever calls it first (an upgrade, the creation, a broadcast) and keeps them in
 * its storage and in memory, so no message pays a storage read for them. After a rename
 * (room-rename.ts), a name read before it (a ticket issued a minute ago, a queued broadcast)
 * is older than the one the object has, and is not taken.
 */
import { CLOCK_ALLOWANCE_MS } from './ticket-voids';

export class RoomIdentity {
  private roomId: string;
  private roomName: string;
  private wasDeleted: boolean;
  /** When the name of the last rename was read from D1 (0: never renamed). */
  private renamedAt: number;

  constructor(private readonly kv: SyncKvStorage) {
    this.roomId = kv.get<string>('roomId') ?? '';
    this.roomName = kv.get<string>('roomName') ?? '';
    this.wasDeleted = kv.get<boolean>('deleted') ?? false;
    this.renamedAt = kv.get<number>('renamedAt') ?? 0;
  }

  /** Deleted: what still reaches the object (a queued broadcast, say) is dropped. */
  get deleted(): boolean {
    return this.wasDeleted;
  }

  markDeleted() {
    this.wasDeleted = true;
    this.kv.put('deleted', true);
  }

  /** The room's id ('' until someone has told the object). */
  get id(): string {
    return this.roomId;
  }

  get name(): string {
    return this.roomName;
  }

  /**
   * `readAt`: when the caller read `name` from D1; unknown (0) is older than any rename. Up to
   * CLOCK_ALLOWANCE_MS after the last rename's read still counts as older, as a ticket's issue
   * does for a void (ticket-voids.ts): a ticket is stamped when it is signed, after its D1 read,
   * and the worker's clock may run ahead of the room's, so an old name taken here would stay.
   */
  remember(id: string, name: string, readAt = 0) {
    this.rememberId(id);
    if (this.renamedAt === 0 || readAt > this.renamedAt + CLOCK_ALLOWANCE_MS) this.setName(name);
  }

  /** The room was renamed: `name` is D1's, read at `readAt`. */
  renamed(id: string, name: string, readAt: number) {
    if (readAt < this.renamedAt) return;
    this.renamedAt = readAt;
    this.kv.put('renamedAt', readAt);
    this.rememberId(id);
    this.setName(name);
  }

  private rememberId(id: string) {
    if (this.roomId === id) return;
    this.roomId = id;
    this.kv.put('roomId', id);
  }

  private setName(name: string) {
    if (this.roomName === name) return;
    this.roomName = name;
    this.kv.put('roomName', name);
  }
}
