/**
 * Which room an object is. Ids come from idFromName, so the object learns its room's id and
 * name from whoever calls it first (an upgrade, the creation, a broadcast) and keeps them in
 * its storage and in memory, so no message pays a storage read for them.
 */
export class RoomIdentity {
  private roomId: string;
  private roomName: string;
  private wasDeleted: boolean;

  constructor(private readonly kv: SyncKvStorage) {
    this.roomId = kv.get<string>('roomId') ?? '';
    this.roomName = kv.get<string>('roomName') ?? '';
    this.wasDeleted = kv.get<boolean>('deleted') ?? false;
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

  remember(id: string, name: string) {
    if (this.roomId !== id) {
      this.roomId = id;
      this.kv.put('roomId', id);
    }
    if (this.roomName !== name) {
      this.roomName = name;
      this.kv.put('roomName', name);
    }
  }
}
