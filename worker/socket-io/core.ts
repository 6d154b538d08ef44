/**
 * The protocol half of a Durable Object that speaks Socket.IO (v5 over Engine.IO v4, websocket
 * transport) on hibernatable WebSockets (or accepted ones: the `hibernate` option). It owns the
 * protocol: handshake, heartbeat, connect timeout, namespaces, acknowledgements, frame limits,
 * per-socket state in attachments, broadcasts (encoded once) and connection-state recovery.
 * A subclass overrides the hooks (onUpgrade, onConnect, onEvent, onDisconnect, onViolation,
 * onAlarm; restoreData and socketKey; with engineOnly, onEngineMessage) and never sees a frame.
 *
 * Protocol rules, as the reference server (socket.io's client.ts / socket.ts) applies them:
 * a packet for a namespace the socket has not connected to, a second CONNECT, a client ping,
 * a malformed, binary or oversized frame each end the transport (no DISCONNECT, so the client
 * reconnects and its pending acks fail at once); a client DISCONNECT leaves that namespace
 * only; a flood ends in a DISCONNECT, which the client does not retry.
 */
import { DurableObject } from 'cloudflare:workers';
import { send } from './heartbeat';
import {
  DEFAULT_OPTIONS,
  RECOVERABLE,
  type DisconnectReason,
  type SocketIoOptions,
} from './options';
import {
  connectErrorFrame,
  connectFrame,
  disconnectFrame,
  NOOP,
  PacketType,
  PONG,
  type Packet,
} from './parser';
import { RateLimit } from './rate';
import { RecoveryStore } from './recovery';
import { newId, Registry, type SocketRecord } from './registry';
import { Socket, type SocketHost } from './socket';
import { Refusal, type Ack, type ConnectInfo } from './hooks';

export abstract class SocketIoCore<Env = unknown, Data = unknown> extends DurableObject<Env> {
  protected readonly settings: SocketIoOptions;
  protected readonly sockets: Registry<Data>;
  protected readonly recovery: RecoveryStore<Data> | null;
  protected readonly frameRate: RateLimit | null;
  protected readonly endedRecords = new WeakMap<WebSocket, SocketRecord<Data>>();
  /** What a Socket may ask of the object: #private methods, which RPC does not expose. */
  protected readonly host: SocketHost<Data> = {
    isOpen: (ws) => this.sockets.get(ws) !== undefined,
    persist: (ws, record) => this.#persist(ws, record),
    disconnect: (ws, nsp, close) => this.#disconnect(ws, nsp, close),
  };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // A getter on the subclass's prototype, so it can be read here.
    this.settings = { ...DEFAULT_OPTIONS, ...this.options };
    const { recovery, frameRate, autoPong } = this.settings;
    // Read at indexing time, after the subclass is built.
    this.sockets = new Registry(ctx, (data) => this.socketKey(data), this.settings.pingTimeout / 2);
    this.recovery = recovery
      ? new RecoveryStore(ctx.storage.sql, ctx.storage.kv, recovery.maxDisconnectionDuration)
      : null;
    this.frameRate = frameRate ? new RateLimit(frameRate.perSecond, frameRate.burst) : null;
    if (autoPong) ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PONG, NOOP));
    else ctx.setWebSocketAutoResponse();
  }

  /**
   * Overridden by the subclass: its settings (the rest are the reference's defaults). Read once,
   * in the base constructor, before the subclass's own fields exist: answer from constants or
   * from `this.env`, not from the subclass's fields.
   */
  protected get options(): Partial<SocketIoOptions> {
    return {};
  }

  /**
   * A key to find sockets by, from their data (the person, say): `this.sockets.withKey(key)`
   * answers from an index, where walking every socket would cost a step per socket.
   */
  protected socketKey(_data: Data): string | undefined {
    return undefined;
  }

  /** Decides on an upgrade: the new socket's data, or a Refusal. */
  protected abstract onUpgrade(request: Request): Data | Refusal | Promise<Data | Refusal>;
  protected onConnect(_socket: Socket<Data>, _info: ConnectInfo): void | Promise<void> {}
  protected onEvent(
    _socket: Socket<Data>,
    _event: string,
    _args: unknown[],
    _ack?: Ack,
  ): void | Promise<void> {}
  protected onDisconnect(_socket: Socket<Data>, _reason: DisconnectReason): void {}
  /** A socket broke the protocol ('protocol') or flooded ('flood'); it is already ending. */
  protected onViolation(_data: Data, _kind: 'protocol' | 'flood', _reason: string): void {}
  /**
   * The object's alarm rang; the heartbeat runs after this. It rings for the heartbeat's rounds
   * and deadlines too, not only at a time asked with wakeAt(), and an earlier round may take the
   * place of that time: check what is due, and ask again with wakeAt() for what is not.
   */
  protected onAlarm(): void | Promise<void> {}
  /** A recovering client's saved data against its new upgrade's: what to keep, or null. */
  protected restoreData(saved: Data, _fresh: Data): Data | null {
    return saved;
  }

  protected async onPacket(ws: WebSocket, record: SocketRecord<Data>, packet: Packet) {
    const { type, nsp } = packet;
    const connected = nsp in record.nsps;
    if (type === PacketType.CONNECT) {
      if (connected) return this.violation(ws, record, 'second CONNECT');
      return this.connectNamespace(ws, record, nsp, packet.data);
    }
    if (!connected) return this.violation(ws, record, `packet for '${nsp}' before its CONNECT`);
    const socket = new Socket(this.host, ws, nsp, record);
    if (type === PacketType.EVENT) {
      const [event, ...args] = packet.data as unknown[];
      const ack = packet.id === undefined ? undefined : socket.acknowledger(packet.id);
      return this.onEvent(socket, String(event), args, ack);
    }
    if (type === PacketType.ACK) return; // this server asks for no acknowledgements
    if (type === PacketType.DISCONNECT)
      return this.leave(ws, record, nsp, 'client namespace disconnect');
    return this.violation(ws, record, `unexpected packet type ${type}`);
  }

  private async connectNamespace(
    ws: WebSocket,
    record: SocketRecord<Data>,
    nsp: string,
    payload: unknown,
  ) {
    if (!this.settings.namespaces.includes(nsp)) {
      return send(ws, connectErrorFrame(nsp, 'Invalid namespace'));
    }
    const auth = { ...(payload && typeof payload === 'object' ? payload : {}) } as Record<
      string,
      unknown
    >;
    const restored = this.restore(nsp, auth, record.data);
    const pid = this.recovery ? (restored ? (auth.pid as string) : newId()) : undefined;
    if (this.recovery) {
      delete auth.pid;
      delete auth.offset;
    }
    record.nsps[nsp] = {
      sid: restored?.sid ?? newId(),
      rooms: restored?.rooms ?? [],
      ...(pid && { pid }),
    };
    record.connectBy = 0;
    if (restored) record.data = restored.data;
    this.#persist(ws, record);
    const sid = record.nsps[nsp]!.sid;
    send(ws, connectFrame(nsp, pid ? { sid, pid } : { sid }));
    for (const frame of restored?.frames ?? []) send(ws, frame);
    await this.onConnect(new Socket(this.host, ws, nsp, record), {
      auth,
      recovered: restored !== null,
      missedDisconnect: restored?.missedDisconnect ?? false,
    });
  }

  private restore(nsp: string, auth: Record<string, unknown>, fresh: Data) {
    if (!this.recovery || typeof auth.pid !== 'string' || this.sockets.holdsSession(auth.pid)) {
      return null;
    }
    const session = this.recovery.restore(auth.pid, nsp, auth.offset);
    const data = session && this.restoreData(session.data, fresh);
    return session && data !== null ? { ...session, data } : null;
  }

  /** The attachment, and the recovery session of each namespace. */
  #persist(ws: WebSocket, record: SocketRecord<Data>) {
    if (!this.sockets.save(ws, record) || !this.recovery) return;
    for (const [nsp, entry] of Object.entries(record.nsps)) {
      if (entry.pid) this.recovery.save(entry.pid, nsp, entry, record.data);
    }
  }

  /** The server ends a namespace connection (and with `close`, the transport). */
  #disconnect(ws: WebSocket, nsp: string, close: boolean) {
    const record = this.sockets.get(ws);
    if (!close) {
      send(ws, disconnectFrame(nsp));
      if (record) this.leave(ws, record, nsp, 'server namespace disconnect');
      return;
    }
    // Every namespace of the transport hears it, as the reference's client._disconnect does.
    for (const each of record ? Object.keys(record.nsps) : [nsp]) send(ws, disconnectFrame(each));
    this.end(ws, 1000, 'server namespace disconnect');
  }

  private leave(ws: WebSocket, record: SocketRecord<Data>, nsp: string, reason: DisconnectReason) {
    const entry = record.nsps[nsp];
    if (!entry) return;
    const leaving = new Socket(this.host, ws, nsp, { ...record, nsps: { [nsp]: entry } }, false);
    delete record.nsps[nsp];
    this.sockets.save(ws, record);
    if (entry.pid) this.recovery?.forget(entry.pid);
    try {
      this.onDisconnect(leaving, reason);
    } catch (error) {
      console.error('SocketIoServer onDisconnect', error);
    }
  }

  /** Ends the transport: every namespace connection ends with `reason`. */
  protected end(ws: WebSocket, code: number, reason: DisconnectReason) {
    const record = this.sockets.get(ws);
    // A broadcast may still name it in `except` (its own "has left"), and a recovery replays.
    if (record) this.endedRecords.set(ws, record);
    this.sockets.remove(ws);
    for (const [nsp, entry] of Object.entries(record?.nsps ?? {})) {
      if (entry.pid && RECOVERABLE.has(reason)) this.recovery?.disconnected(entry.pid);
      else if (entry.pid) this.recovery?.forget(entry.pid);
      try {
        this.onDisconnect(new Socket(this.host, ws, nsp, record!, false), reason);
      } catch (error) {
        console.error('SocketIoServer onDisconnect', error);
      }
    }
    try {
      ws.close(code, reason);
    } catch {
      // already closed
    }
  }

  protected violation(ws: WebSocket, record: SocketRecord<Data>, reason: string) {
    // 1009 "message too big" as the reference's ws does; 1002 "protocol error" otherwise.
    this.end(ws, reason === 'frame too large' ? 1009 : 1002, 'parse error');
    this.onViolation(record.data, 'protocol', reason);
  }

  protected flood(ws: WebSocket, record: SocketRecord<Data>) {
    for (const nsp of Object.keys(record.nsps)) send(ws, disconnectFrame(nsp));
    this.end(ws, 1008, 'forced close');
    this.onViolation(record.data, 'flood', 'too many frames');
  }

  protected livePids(): string[] {
    return this.sockets.entries().flatMap(([, r]) => Object.values(r.nsps).map((n) => n.pid ?? ''));
  }
}
