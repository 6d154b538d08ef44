/**
 * The protocol of a SocketIoServer (Socket.IO v5 over Engine.IO v4, websocket transport): the
 * sockets' records, namespaces, packets, acknowledgements, frame limits, the heartbeat's round,
 * broadcasts (encoded once) and connection-state recovery. The server holds one, #private, and
 * hands it the hooks to call; nothing here is reachable over RPC.
 *
 * Protocol rules, as the reference server (socket.io's client.ts / socket.ts) applies them:
 * a packet for a namespace the socket has not connected to, a second CONNECT, a client ping,
 * a malformed, binary or oversized frame each end the transport (no DISCONNECT, so the client
 * reconnects and its pending acks fail at once); a client DISCONNECT leaves that namespace
 * only; a flood ends in a DISCONNECT, which the client does not retry.
 */
import type { BroadcastOptions, EventsMap } from './events';
import { FrameRate } from './frame-rate';
import { heartbeat, PingClock, type Ending } from './heartbeat';
import type { EngineHooks } from './hooks';
import { RECOVERABLE, type DisconnectReason, type SocketIoOptions } from './options';
import {
  connectErrorFrame,
  connectFrame,
  decodeFrame,
  disconnectFrame,
  eventFrame,
  openFrame,
  PacketType,
  type Packet,
} from './parser';
import type { KeptEvents } from './kept-events';
import { RecoveryStore } from './recovery';
import { closeExpiredRefusals } from './refusal';
import { newId, Registry, type SocketRecord } from './registry';
import { send, sendEach } from './send';
import { Socket, type SocketHost } from './socket';

export class Engine<Data, Emit extends EventsMap> {
  readonly registry: Registry<Data>;
  private readonly recovery: RecoveryStore<Data> | null;
  private readonly frameRate: FrameRate | null;
  /** When the heartbeat's rounds fall (heartbeat.ts). */
  readonly pingClock: PingClock;
  /** A stored broadcast's `store` is running: no other broadcast may take an offset now. */
  private storing = false;
  /** Records of ended sockets: a broadcast may still name one in `except`. */
  private readonly endedRecords = new WeakMap<WebSocket, SocketRecord<Data>>();
  /** What a Socket handle may ask of its server. */
  readonly host: SocketHost<Data> = {
    isOpen: (ws) => this.registry.get(ws) !== undefined,
    persist: (ws, record) => this.persist(ws, record),
    disconnect: (ws, nsp, close) => this.disconnect(ws, nsp, close),
  };

  constructor(
    private readonly ctx: DurableObjectState,
    readonly settings: SocketIoOptions,
    private readonly hooks: EngineHooks<Data, Emit>,
  ) {
    const { recovery, frameRate } = settings;
    const keyOf = (data: Data) => hooks.socketKey(data);
    this.registry = new Registry(ctx, keyOf, settings.pingTimeout / 2);
    this.recovery = recovery
      ? new RecoveryStore(ctx.storage.sql, ctx.storage.kv, recovery.maxDisconnectionDuration)
      : null;
    this.frameRate = frameRate ? new FrameRate(frameRate.perSecond, frameRate.burst) : null;
    this.pingClock = new PingClock(ctx.storage.kv, settings.pingInterval);
  }

  /** Takes an accepted socket: its record, the open packet. Answers when to wake for it. */
  open(ws: WebSocket, data: Data, now: number): number {
    const connectBy = this.settings.engineOnly ? 0 : now + this.settings.connectTimeout;
    const record: SocketRecord<Data> = { eid: newId(), openedAt: now, connectBy, nsps: {}, data };
    this.registry.add(ws, record);
    send(ws, openFrame(record.eid, this.settings));
    const pingAt = this.pingClock.next(now);
    return Math.min(connectBy || pingAt, pingAt);
  }

  /** A frame from one of the engine's sockets (the caller has answered refused ones). */
  message(ws: WebSocket, record: SocketRecord<Data>, message: string | ArrayBuffer) {
    this.registry.heard(ws);
    if (this.frameRate && !this.frameRate.take(ws)) return this.flood(ws, record);
    const frame = decodeFrame(message, this.settings.maxPayload, this.settings.engineOnly);
    if (frame.kind === 'message') return this.hooks.onEngineMessage(ws, frame.data);
    if (frame.kind === 'pong') return;
    if (frame.kind === 'close') return this.end(ws, 1000, 'transport close');
    // Engine.IO 4: only the server pings.
    if (frame.kind === 'ping') return this.violation(ws, record, 'client ping');
    if (frame.kind === 'invalid') return this.violation(ws, record, frame.reason);
    return this.packet(ws, record, frame.packet);
  }

  private packet(ws: WebSocket, record: SocketRecord<Data>, packet: Packet) {
    const { type, nsp } = packet;
    const connected = nsp in record.nsps;
    if (type === PacketType.CONNECT) {
      if (connected) return this.violation(ws, record, 'second CONNECT');
      return this.connect(ws, record, nsp, packet.data);
    }
    if (!connected) return this.violation(ws, record, `packet for '${nsp}' before its CONNECT`);
    if (type === PacketType.EVENT) {
      const socket = new Socket<Data, Emit>(this.host, ws, nsp, record);
      const [event, ...args] = packet.data as unknown[];
      const ack = packet.id === undefined ? undefined : socket.acknowledger(packet.id);
      return this.hooks.onEvent(socket, String(event), args, ack);
    }
    if (type === PacketType.ACK) return; // this server asks for no acknowledgements
    if (type === PacketType.DISCONNECT) {
      return this.leave(ws, record, nsp, 'client namespace disconnect');
    }
    return this.violation(ws, record, `unexpected packet type ${type}`);
  }

  private connect(ws: WebSocket, record: SocketRecord<Data>, nsp: string, payload: unknown) {
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
    this.persist(ws, record);
    const sid = record.nsps[nsp]!.sid;
    send(ws, connectFrame(nsp, pid ? { sid, pid } : { sid }));
    for (const frame of restored?.frames ?? []) send(ws, frame);
    return this.hooks.onConnect(new Socket<Data, Emit>(this.host, ws, nsp, record), {
      auth,
      recovered: restored !== null,
      missedDisconnect: restored?.missedDisconnect ?? false,
    });
  }

  private restore(nsp: string, auth: Record<string, unknown>, fresh: Data) {
    if (!this.recovery || typeof auth.pid !== 'string' || this.registry.holdsSession(auth.pid)) {
      return null;
    }
    const session = this.recovery.restore(auth.pid, nsp, auth.offset);
    const data = session && this.hooks.restoreData(session.data, fresh);
    return session && data !== null ? { ...session, data } : null;
  }

  /** The attachment, and the recovery session of each namespace. */
  private persist(ws: WebSocket, record: SocketRecord<Data>) {
    if (!this.registry.save(ws, record) || !this.recovery) return;
    for (const [nsp, entry] of Object.entries(record.nsps)) {
      if (entry.pid) this.recovery.save(entry.pid, nsp, entry, record.data);
    }
  }

  /** The server ends a namespace connection (and with `close`, the transport). */
  private disconnect(ws: WebSocket, nsp: string, close: boolean) {
    const record = this.registry.get(ws);
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
    const leaving = new Socket<Data, Emit>(
      this.host,
      ws,
      nsp,
      { ...record, nsps: { [nsp]: entry } },
      false,
    );
    delete record.nsps[nsp];
    this.registry.save(ws, record);
    if (entry.pid) this.recovery?.forget(entry.pid);
    this.disconnected(leaving, reason);
  }

  /** Ends the transport: every namespace connection ends with `reason`. */
  end(ws: WebSocket, code: number, reason: DisconnectReason) {
    const record = this.registry.get(ws);
    // A broadcast may still name it in `except` (its own "has left"), and a recovery replays.
    if (record) this.endedRecords.set(ws, record);
    this.registry.remove(ws);
    for (const [nsp, entry] of Object.entries(record?.nsps ?? {})) {
      if (entry.pid && RECOVERABLE.has(reason)) this.recovery?.disconnected(entry.pid);
      else if (entry.pid) this.recovery?.forget(entry.pid);
      this.disconnected(new Socket<Data, Emit>(this.host, ws, nsp, record!, false), reason);
    }
    try {
      ws.close(code, reason);
    } catch {
      // already closed
    }
  }

  private disconnected(socket: Socket<Data, Emit>, reason: DisconnectReason) {
    try {
      this.hooks.onDisconnect(socket, reason);
    } catch (error) {
      console.error('SocketIoServer onDisconnect', error);
    }
  }

  private violation(ws: WebSocket, record: SocketRecord<Data>, reason: string) {
    // 1009 "message too big" as the reference's ws does; 1002 "protocol error" otherwise.
    this.end(ws, reason === 'frame too large' ? 1009 : 1002, 'parse error');
    this.hooks.onViolation(record.data, 'protocol', reason);
  }

  private flood(ws: WebSocket, record: SocketRecord<Data>) {
    for (const nsp of Object.keys(record.nsps)) send(ws, disconnectFrame(nsp));
    this.end(ws, 1008, 'forced close');
    this.hooks.onViolation(record.data, 'flood', 'too many frames');
  }

  /** One event to a namespace or one of its rooms, encoded once (and logged for recovery). */
  broadcast(data: unknown[], options: BroadcastOptions = {}) {
    const { nsp = '/', room = '' } = options;
    const skip = new Set(options.except ?? []);
    let frame: string;
    if (this.recovery && !options.volatile) {
      if (this.storing) throw new Error('a logged broadcast while a stored one is being stored');
      // The offset rides as the last argument, as socket.io's recovery does it.
      const offset = this.recovery.nextOffset();
      frame = eventFrame(nsp, [...data, String(offset)]);
      const recordOf = (ws: WebSocket) => this.registry.get(ws) ?? this.endedRecords.get(ws);
      const exceptSids = [...skip].map((ws) => recordOf(ws)?.nsps[nsp]?.sid ?? '');
      this.recovery.log(offset, nsp, room, exceptSids, frame);
    } else {
      frame = eventFrame(nsp, data);
    }
    sendEach(this.registry.inRoom(nsp, room), frame, skip);
  }

  /**
   * One event to the main namespace (or one of its rooms) that the server keeps itself, in
   * place of the recovery log (kept-events.ts): `store` is handed the event's offset (null
   * without recovery), keeps the event with it, and answers the event, which is then sent. No
   * broadcast may come between the offset and its frame, or a replay (in offset order) would
   * not be the order the sockets heard; `store` may send to one socket (an acknowledgement).
   */
  broadcastStored(store: (offset: number | null) => unknown[], room = '') {
    const offset = this.recovery?.nextOffset() ?? null;
    this.storing = true;
    let data: unknown[];
    try {
      data = store(offset);
    } finally {
      this.storing = false;
    }
    this.recovery?.noteBroadcast();
    const frame = eventFrame('/', offset === null ? data : [...data, String(offset)]);
    sendEach(this.registry.inRoom('/', room), frame);
  }

  /** Kept broadcasts are read from here on a recovery (broadcastStored). */
  keepEventsIn(kept: KeptEvents) {
    this.recovery?.keepEventsIn(kept);
  }

  /**
   * The alarm's round: refused sockets past their wait closed, the heartbeat, the recovery store
   * tidied. Answers when the alarm should next ring (null: no socket is left).
   */
  tick(): number | null {
    const end = (ws: WebSocket, why: Ending) =>
      this.end(ws, 1000, why === 'ping timeout' ? 'ping timeout' : 'forced close');
    const refusalsDue = closeExpiredRefusals(this.ctx);
    const beat = heartbeat(this.ctx, this.registry, this.pingClock, this.settings, end);
    const next = beat === null ? refusalsDue : Math.min(beat, refusalsDue ?? beat);
    this.recovery?.tidy(this.settings.pingInterval, next === null, this.registry);
    return next;
  }

  /** Forgets every recovery session and logged broadcast (RecoveryStore.clear). */
  forgetRecovery() {
    this.recovery?.clear();
  }

  /** Forgets the recovery sessions whose data matches, live or ended. */
  forgetSessions(match: (data: Data) => boolean) {
    this.recovery?.forgetWhere(match);
  }
}
