/**
 * The object's open sockets and their state. The attachment is the copy that outlives
 * hibernation (the runtime keeps it with the socket, not in storage: a restart loses both);
 * the maps are the fast copies, rebuilt from the attachments when the object wakes. Room
 * membership has an index of its own because every broadcast walks it, and so has the
 * subclass's socket key (its `socketKey`, say the person), so that neither walks every socket.
 */

/** A socket's connection to one namespace. */
export interface NamespaceRecord {
  /** The Socket.IO sid: distinct from the Engine.IO sid, and kept by a recovery. */
  sid: string;
  /** The private id a recovering client presents (only with recovery on). */
  pid?: string;
  rooms: string[];
}

/** What the attachment holds. */
export interface SocketRecord<Data> {
  /** The Engine.IO sid. */
  eid: string;
  openedAt: number;
  /** When the socket was last heard from, to within the registry's resolution (see heard). */
  heardAt?: number;
  /** Until a first namespace is connected: the connect timeout's deadline (0 after). */
  connectBy: number;
  nsps: Record<string, NamespaceRecord>;
  data: Data;
}

const roomKey = (nsp: string, room: string) => `${nsp}\u0000${room}`;

export class Registry<Data> {
  private records: Map<WebSocket, SocketRecord<Data>> | null = null;
  private readonly rooms = new Map<string, Set<WebSocket>>();
  private readonly memberOf = new Map<WebSocket, string[]>();
  private readonly byKey = new Map<string, Set<WebSocket>>();
  private readonly keyOfSocket = new Map<WebSocket, string>();
  /** When each socket last sent anything, exactly (the attachment keeps a coarser copy). */
  private readonly heardAt = new Map<WebSocket, number>();

  constructor(
    private readonly ctx: DurableObjectState,
    /** The key to find a socket by (withKey), from its data; undefined: not indexed. */
    private readonly keyOf: (data: Data) => string | undefined = () => undefined,
    /**
     * How stale the attachment's heard time may be: under the ping timeout, or a live socket
     * whose pongs woke an object that then slept would be taken for a silent one.
     */
    private readonly heardResolution = 10_000,
  ) {}

  private all(): Map<WebSocket, SocketRecord<Data>> {
    if (!this.records) {
      this.records = new Map();
      for (const ws of this.ctx.getWebSockets()) {
        const record = ws.deserializeAttachment() as SocketRecord<Data> | null;
        if (record?.eid) this.index(ws, record);
      }
    }
    return this.records;
  }

  private index(ws: WebSocket, record: SocketRecord<Data>) {
    this.unindex(ws);
    this.records!.set(ws, record);
    const keys: string[] = [];
    for (const [nsp, { rooms }] of Object.entries(record.nsps)) {
      // '' is every socket of the namespace: broadcasts without a room walk it.
      for (const room of ['', ...rooms]) {
        const key = roomKey(nsp, room);
        let members = this.rooms.get(key);
        if (!members) this.rooms.set(key, (members = new Set()));
        members.add(ws);
        keys.push(key);
      }
    }
    if (keys.length > 0) this.memberOf.set(ws, keys);
    const key = this.keyOf(record.data);
    if (key !== undefined) {
      let sockets = this.byKey.get(key);
      if (!sockets) this.byKey.set(key, (sockets = new Set()));
      sockets.add(ws);
      this.keyOfSocket.set(ws, key);
    }
  }

  /** Room keys are remembered apart from the record, which callers change in place. */
  private unindex(ws: WebSocket) {
    for (const key of this.memberOf.get(ws) ?? []) this.rooms.get(key)?.delete(ws);
    this.memberOf.delete(ws);
    const key = this.keyOfSocket.get(ws);
    if (key === undefined) return;
    const sockets = this.byKey.get(key)!;
    sockets.delete(ws);
    if (sockets.size === 0) this.byKey.delete(key);
    this.keyOfSocket.delete(ws);
  }

  /** Takes an accepted socket (hibernatable or not: the caller accepts it). */
  add(ws: WebSocket, record: SocketRecord<Data>) {
    ws.serializeAttachment(record);
    this.all();
    this.index(ws, record);
    this.heard(ws);
  }

  /**
   * Persists a change that must outlive hibernation (namespaces, rooms, data). A socket already
   * removed stays out: a hook that awaited something may save a socket that ended meanwhile.
   * Answers whether the socket is still here.
   */
  save(ws: WebSocket, record: SocketRecord<Data>): boolean {
    if (!this.all().has(ws)) return false;
    ws.serializeAttachment(record);
    this.index(ws, record);
    return true;
  }

  get(ws: WebSocket): SocketRecord<Data> | undefined {
    return this.all().get(ws);
  }

  /** Forgets the socket, in memory and in its attachment (a woken object must not index it). */
  remove(ws: WebSocket) {
    this.all();
    this.unindex(ws);
    this.records!.delete(ws);
    this.heardAt.delete(ws);
    try {
      ws.serializeAttachment(null);
    } catch {
      // already closed
    }
  }

  entries(): [WebSocket, SocketRecord<Data>][] {
    return [...this.all()];
  }

  get size(): number {
    return this.all().size;
  }

  /** The sockets in `room` of `nsp` ('' for all of it); a live set: copy before changing. */
  inRoom(nsp: string, room: string): ReadonlySet<WebSocket> {
    this.all();
    return this.rooms.get(roomKey(nsp, room)) ?? EMPTY;
  }

  /** The sockets whose data has this key (keyOf); a live set: copy before changing. */
  withKey(key: string): ReadonlySet<WebSocket> {
    this.all();
    return this.byKey.get(key) ?? EMPTY;
  }

  /**
   * The socket spoke. Kept exactly in memory, and in the attachment once it is older than the
   * resolution: an object woken from hibernation still knows who went silent before it slept.
   */
  heard(ws: WebSocket, at = Date.now()) {
    this.heardAt.set(ws, at);
    const record = this.records?.get(ws);
    if (record && at - (record.heardAt ?? record.openedAt) >= this.heardResolution) {
      record.heardAt = at;
      ws.serializeAttachment(record);
    }
  }

  /** When the socket was last heard from by the object itself (not counting auto-answers). */
  lastHeard(ws: WebSocket): number {
    const record = this.records?.get(ws);
    return this.heardAt.get(ws) ?? record?.heardAt ?? record?.openedAt ?? 0;
  }

  /** The recovery sessions the live sockets hold ('' for a namespace without one). */
  livePids(): string[] {
    const pids: string[] = [];
    for (const record of this.all().values()) {
      for (const entry of Object.values(record.nsps)) pids.push(entry.pid ?? '');
    }
    return pids;
  }

  /** Whether a live socket holds the namespace session `pid`. */
  holdsSession(pid: string): boolean {
    for (const record of this.all().values()) {
      for (const nsp of Object.values(record.nsps)) if (nsp.pid === pid) return true;
    }
    return false;
  }
}

const EMPTY: ReadonlySet<WebSocket> = new Set();

const ID_BYTES = 15;
/**
 * Random bytes for this many ids are drawn at once: each connect needs three ids, and drawing
 * and encoding each one alone costs on every connect.
 */
const IDS_PER_DRAW = 128;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const pool = new Uint8Array(ID_BYTES * IDS_PER_DRAW);
let poolAt = pool.length;

/** 20 characters of base64url (120 random bits), like the reference's ids. */
export function newId(): string {
  if (poolAt === pool.length) {
    crypto.getRandomValues(pool);
    poolAt = 0;
  }
  let id = '';
  // Each id takes bytes not used before, so no two ids share any.
  for (let end = poolAt + ID_BYTES; poolAt < end; poolAt += 3) {
    const bits = (pool[poolAt]! << 16) | (pool[poolAt + 1]! << 8) | pool[poolAt + 2]!;
    id +=
      BASE64URL[bits >> 18]! +
      BASE64URL[(bits >> 12) & 63]! +
      BASE64URL[(bits >> 6) & 63]! +
      BASE64URL[bits & 63]!;
  }
  return id;
}
