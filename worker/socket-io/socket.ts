/**
 * A socket's connection to one namespace, as the hooks see it: its sid, its data, its rooms,
 * and what can be done with it. A thin handle over the attachment; the server does the work.
 */
import type { DefaultEvents, EventArgs, EventNames, EventsMap } from './events';
import { ackFrame, eventFrame } from './parser';
import type { NamespaceRecord, SocketRecord } from './registry';
import { send } from './send';

/** What a handle needs from its server. */
export interface SocketHost<Data> {
  /** Whether the transport is still the server's (not ended, by either side). */
  isOpen(ws: WebSocket): boolean;
  persist(ws: WebSocket, record: SocketRecord<Data>): void;
  disconnect(ws: WebSocket, nsp: string, close: boolean): void;
}

export class Socket<Data, Emit extends EventsMap = DefaultEvents> {
  /** This connection to the namespace (a reconnect on the same transport makes another). */
  private readonly entry: NamespaceRecord | undefined;

  constructor(
    private readonly host: SocketHost<Data>,
    readonly ws: WebSocket,
    readonly nsp: string,
    private readonly record: SocketRecord<Data>,
    /** False in onDisconnect: the socket has left, and nothing about it is saved any more. */
    private readonly live = true,
  ) {
    this.entry = record.nsps[nsp];
  }

  /** The Socket.IO sid (not the Engine.IO one). */
  get id(): string {
    return this.record.nsps[this.nsp]?.sid ?? '';
  }

  /** The Engine.IO sid: one per transport, shared by its namespaces. */
  get transportId(): string {
    return this.record.eid;
  }

  /** What the object keeps about this connection; call save() after changing it. */
  get data(): Data {
    return this.record.data;
  }

  set data(data: Data) {
    this.record.data = data;
  }

  get rooms(): readonly string[] {
    return this.record.nsps[this.nsp]?.rooms ?? [];
  }

  /**
   * Still connected to the namespace: false once it left, or its transport ended (a hook that
   * awaited something checks this before it acts for the socket).
   */
  get connected(): boolean {
    // The same connection to the namespace, not a later one made on the same transport.
    const same = this.entry !== undefined && this.record.nsps[this.nsp] === this.entry;
    return this.live && same && this.host.isOpen(this.ws);
  }

  /**
   * Sends an event to this socket alone. Unlike the reference, which gives it an offset, it is
   * not logged for recovery: a client that was away does not get it again. With recovery on,
   * socket.io-client takes a string last argument of any event for that offset, so end such
   * an event with something else (an object, say).
   */
  emit<E extends EventNames<Emit>>(event: E, ...args: EventArgs<Emit, E>) {
    send(this.ws, eventFrame(this.nsp, [event, ...args]));
  }

  /** The answer to the client's packet `id`: sent once at most, as the reference's is. */
  acknowledger(id: number): (...args: unknown[]) => void {
    let sent = false;
    return (...args) => {
      if (sent) return;
      sent = true;
      this.ack(id, ...args);
    };
  }

  /** Answers the client's acknowledgement `id`. */
  ack(id: number, ...args: unknown[]) {
    send(this.ws, ackFrame(this.nsp, id, args));
  }

  /**
   * The rooms and the data live in the socket's attachment, which the runtime caps at 2,048
   * bytes serialized: a socket is in a few rooms with short names, not in an unbounded list.
   */
  join(...rooms: string[]) {
    const nsp = this.record.nsps[this.nsp];
    const added = nsp ? rooms.filter((room) => !nsp.rooms.includes(room)) : [];
    if (!nsp || added.length === 0) return;
    nsp.rooms.push(...new Set(added));
    // One save for them all: each is a write of the attachment.
    this.save();
  }

  leave(room: string) {
    const nsp = this.record.nsps[this.nsp];
    if (!nsp?.rooms.includes(room)) return;
    nsp.rooms = nsp.rooms.filter((r) => r !== room);
    this.save();
  }

  /** Persists the data and rooms: they outlive hibernation and a recovery restores them. */
  save() {
    if (this.live) this.host.persist(this.ws, this.record);
  }

  /**
   * Ends this namespace connection with a DISCONNECT (the client does not reconnect); with
   * `close`, the transport too.
   */
  disconnect(close = false) {
    if (this.live) this.host.disconnect(this.ws, this.nsp, close);
  }
}
