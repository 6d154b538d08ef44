/**
 * SocketIoServer: a Durable Object that speaks Socket.IO. A subclass overrides the hooks
 * (onUpgrade, onConnect, onEvent, onDisconnect, onViolation, onAlarm; restoreData, socketKey;
 * with engineOnly, onEngineMessage) and calls the rest (broadcast, the queries, wakeAt); it
 * never sees a frame. The protocol is the engine's (engine.ts), kept #private with every
 * other internal: RPC reaches none of it.
 */
import { DurableObject } from 'cloudflare:workers';
import { AlarmClock } from './alarm-clock';
import { Engine } from './engine';
import type { BroadcastOptions, DefaultEvents, EventArgs, EventNames, EventsMap } from './events';
import { Refusal, type Ack, type ConnectInfo, type EngineHooks } from './hooks';
import type { KeptEvents } from './kept-events';
import { noteEngine } from './internals';
import { DEFAULT_OPTIONS, type DisconnectReason, type SocketIoOptions } from './options';
import { messageFrame, NOOP, PONG } from './parser';
import { acceptRefusal, answerRefused, refusalOf, refuseSocket } from './refusal';
import { send } from './send';
import { Socket } from './socket';

export abstract class SocketIoServer<
  Env = unknown,
  Data = unknown,
  Listen extends EventsMap = DefaultEvents,
  Emit extends EventsMap = DefaultEvents,
> extends DurableObject<Env> {
  readonly #settings: SocketIoOptions;
  readonly #engine: Engine<Data, Emit>;
  readonly #alarm: AlarmClock;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // A getter on the subclass's prototype, so it can be read here.
    this.#settings = { ...DEFAULT_OPTIONS, ...this.options };
    // Each calls the hook as it is when called: a subclass's override, read at that time.
    const hooks: EngineHooks<Data, Emit> = {
      onConnect: (socket, info) => this.onConnect(socket, info),
      onEvent: (socket, event, args, ack) => this.onEvent(socket, event, args, ack),
      onDisconnect: (socket, reason) => this.onDisconnect(socket, reason),
      onViolation: (data, kind, reason) => this.onViolation(data, kind, reason),
      onEngineMessage: (ws, data) => this.onEngineMessage(ws, data),
      restoreData: (saved, fresh) => this.restoreData(saved, fresh),
      socketKey: (data) => this.socketKey(data),
    };
    this.#engine = new Engine(ctx, this.#settings, hooks);
    this.#alarm = new AlarmClock(ctx.storage);
    noteEngine(this, this.#engine as Engine<unknown, EventsMap>);
    if (this.#settings.autoPong) {
      ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PONG, NOOP));
    } else {
      ctx.setWebSocketAutoResponse();
    }
  }

  // --- The hooks: override these. -------------------------------------------------------

  /**
   * The subclass's settings (the rest are the reference's defaults). Read once, in the base
   * constructor, before the subclass's own fields exist: answer from constants or from
   * `this.env`, not from the subclass's fields.
   */
  protected get options(): Partial<SocketIoOptions> {
    return {};
  }

  /**
   * A key to find sockets by, from their data (the person, say): socketsOf(key) and
   * countOf(key) answer from an index, where walking every socket would cost a step each.
   */
  protected socketKey(_data: Data): string | undefined {
    return undefined;
  }

  /** Decides on an upgrade: the new socket's data, or a Refusal. */
  protected abstract onUpgrade(request: Request): Data | Refusal | Promise<Data | Refusal>;
  protected onConnect(_socket: Socket<Data, Emit>, _info: ConnectInfo): void | Promise<void> {}
  /** An event of the client's (its name one of Listen's, if the client keeps the contract). */
  protected onEvent(
    _socket: Socket<Data, Emit>,
    _event: EventNames<Listen> | (string & {}),
    _args: unknown[],
    _ack?: Ack,
  ): void | Promise<void> {}
  protected onDisconnect(_socket: Socket<Data, Emit>, _reason: DisconnectReason): void {}
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
  /** engineOnly: an Engine.IO message from a socket (reply with sendMessage). */
  protected onEngineMessage(_ws: WebSocket, _data: string): void | Promise<void> {}

  // --- What a subclass (or a part it hands `this` to, as ServerSockets) may call. ----------

  /** Sends one event to every socket of a namespace (or of one room), encoded once. */
  broadcast<E extends EventNames<Emit>>(
    event: E,
    args: EventArgs<Emit, E>,
    options?: BroadcastOptions,
  ) {
    this.#engine.broadcast([event, ...args], options);
  }

  /**
   * Sends one event that the server keeps in its own storage to the main namespace (or one of
   * its rooms): `store` is handed the event's recovery offset (null without recovery), keeps the
   * event with it, and answers the event's arguments, which are then sent. A recovery reads
   * such events back from keepEventsIn's KeptEvents instead of the log. `store` must not
   * broadcast (it may emit to one socket).
   */
  broadcastStored<E extends EventNames<Emit>>(
    event: E,
    store: (offset: number | null) => EventArgs<Emit, E>,
    room?: string,
  ) {
    this.#engine.broadcastStored((offset) => [event, ...store(offset)], room);
  }

  /** Every socket connected to `nsp` (with `all`, the ones yet to connect to it too). */
  sockets(nsp = '/', all = false): Socket<Data, Emit>[] {
    const handles: Socket<Data, Emit>[] = [];
    for (const [ws, record] of this.#engine.registry.entries()) {
      if (all || nsp in record.nsps) handles.push(new Socket(this.#engine.host, ws, nsp, record));
    }
    return handles;
  }

  /** The sockets whose data has this key (socketKey), connected to `nsp` or yet to be. */
  socketsOf(key: string, nsp = '/'): Socket<Data, Emit>[] {
    const { registry, host } = this.#engine;
    const handles: Socket<Data, Emit>[] = [];
    for (const ws of registry.withKey(key)) {
      const record = registry.get(ws);
      if (record) handles.push(new Socket(host, ws, nsp, record));
    }
    return handles;
  }

  /** How many sockets have this key (socketKey). */
  countOf(key: string): number {
    return this.#engine.registry.withKey(key).size;
  }

  /** How many sockets are in `room` of `nsp` ('' for the whole namespace). */
  countIn(room: string, nsp = '/'): number {
    return this.#engine.registry.inRoom(nsp, room).size;
  }

  /** Whether this socket is in `room` of `nsp`. */
  isIn(ws: WebSocket, room: string, nsp = '/'): boolean {
    return this.#engine.registry.inRoom(nsp, room).has(ws);
  }

  /** Calls `each` with the data of every socket in `room` of `nsp`, and no handle made. */
  forEachIn(room: string, each: (data: Data, ws: WebSocket) => void, nsp = '/') {
    const { registry } = this.#engine;
    for (const ws of registry.inRoom(nsp, room)) {
      const record = registry.get(ws);
      if (record) each(record.data, ws);
    }
  }

  /**
   * Forgets the recovery sessions of the sockets with this key (socketKey), live or ended: none
   * of them comes back with its rooms and data. For a person the server has shut out, whose
   * dropped connection would otherwise resume, once let in again, as if never removed.
   */
  protected forgetSessions(key: string) {
    this.#engine.forgetSessions((data) => this.socketKey(data) === key);
  }

  /**
   * Forgets every recovery session and every logged broadcast, of ended sockets too: for a
   * server whose state is gone for good (a deleted room), which nobody is to resume and whose
   * log (its sockets' data, what it broadcast) would otherwise stay in storage for ever.
   */
  protected forgetRecovery() {
    this.#engine.forgetRecovery();
  }

  /**
   * Where broadcastStored's events are kept, for recovery to read back (kept-events.ts). Call it
   * in the constructor, before any broadcast, once what `kept` reads exists.
   */
  protected keepEventsIn(kept: KeptEvents) {
    this.#engine.keepEventsIn(kept);
  }

  /** engineOnly: sends an Engine.IO message to one socket. */
  protected sendMessage(ws: WebSocket, data: string) {
    send(ws, messageFrame(data));
  }

  /** Asks for the alarm (onAlarm) at `at`, unless it rings sooner already. */
  protected async wakeAt(at: number) {
    await this.#alarm.wakeAt(at);
  }

  /** No alarm at all: the object has nothing more to do (the room was deleted, say). */
  protected async cancelAlarm() {
    await this.#alarm.cancel();
  }

  // --- The Durable Object's entry points. ---------------------------------------------------

  async fetch(request: Request): Promise<Response> {
    const query = new URL(request.url).searchParams;
    if (
      request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' ||
      query.get('transport') !== 'websocket' ||
      query.get('EIO') !== '4'
    ) {
      return new Response('Only Engine.IO 4 over websocket is served', { status: 400 });
    }
    const decision = await this.onUpgrade(request);
    const { 0: client, 1: server } = new WebSocketPair();
    const now = Date.now();
    if (decision instanceof Refusal) {
      // Without hibernation, as any other socket here: closed by a timer of its own.
      if (!this.#settings.hibernate) return refuseSocket(decision, this.#settings);
      // Hibernatable, and closed by the alarm: a refusal never keeps the object awake.
      await this.wakeAt(acceptRefusal(this.ctx, server, decision, this.#settings, now));
      return new Response(null, { status: 101, webSocket: client });
    }
    this.#accept(server);
    await this.wakeAt(this.#engine.open(server, decision, now));
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Hibernatable: the runtime calls webSocketMessage and the rest. Otherwise (`hibernate:
   * false`) the socket's own events call them, and it keeps the object in memory while open.
   */
  #accept(ws: WebSocket) {
    if (this.#settings.hibernate) return this.ctx.acceptWebSocket(ws);
    ws.accept();
    ws.addEventListener('message', (event) => void this.webSocketMessage(ws, event.data));
    ws.addEventListener('close', () => void this.webSocketClose(ws));
    ws.addEventListener('error', () => void this.webSocketError(ws));
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    try {
      const record = this.#engine.registry.get(ws);
      if (record) return await this.#engine.message(ws, record, message);
      const refusal = refusalOf(ws);
      if (refusal !== null) return answerRefused(ws, refusal, message);
      ws.close(1011, 'Unknown socket');
    } catch (error) {
      console.error('SocketIoServer webSocketMessage', error);
    }
  }

  async webSocketClose(ws: WebSocket) {
    this.#end(ws, 1000, 'transport close');
  }

  async webSocketError(ws: WebSocket) {
    this.#end(ws, 1011, 'transport error');
  }

  #end(ws: WebSocket, code: number, reason: 'transport close' | 'transport error') {
    try {
      this.#engine.end(ws, code, reason);
    } catch (error) {
      console.error('SocketIoServer', reason, error);
    }
  }

  async alarm() {
    this.#alarm.rang();
    try {
      await this.onAlarm();
    } catch (error) {
      console.error('SocketIoServer onAlarm', error);
    }
    const next = this.#engine.tick();
    if (next !== null) await this.#alarm.ringBy(next); // null: nobody here, sleep without alarms
  }
}
