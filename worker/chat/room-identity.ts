/**
 * Which room an object is. Ids come from idFromName, so the object learns its room's id and
 * name from whoever calls it first (an upgrade, the creation, a broadcast) and keeps them in
 * its storage and in memory: a storage read on every message was a measurable share of its
 * cost.
 */
export class RoomIdentity {
  id: string;
  name: string;

  constructor(private readonly kv: SyncKvStorage) {
    this.id = kv.get<string>('roomId') ?? '';
    this.name = kv.get<string>('roomName') ?? '';
  }

  remember(id: string, name: string) {
    if (this.id !== id) {
      this.id = id;
      this.kv.put('roomId', id);
    }
    if (this.name !== name) {
      this.name = name;
      this.kv.put('roomName', name);
    }
  }
}
