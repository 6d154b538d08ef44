/**
 * SocketIoServer: the Durable Object's own entry points (the upgrade, the websocket events,
 * the alarm) and what a subclass calls (broadcast, connections, wakeAt). The protocol itself
 * is in core.ts.
 */
import { SocketIoCore } from './core';
import { Refusal } from './hooks';
import { heartbeat, PingClock, send, type Ending } from './heartbeat';
import { decodeFrame, eventFrame, messageFrame, openFrame } from './parser';
import { closeOrphans } from './alive-clock';
import {
  acceptRefusal,
  answerRefused,
  closeExpiredRefusals,
  refusalOf,
  refuseSocket,
} from './refusal';
import { newId, type SocketRecord } from './registry';
import { Socket } from './socket';

export { Refusal };
export type { Ack, ConnectInfo } from './hooks';

export interface BroadcastOptions {
  nsp?: string;
  /** Only the sockets in this room (default: every socket of the namespace). */
  room?: string;
  except?: Iterable<WebSocket>;
  /**
   * Not logged for recovery: a client that was away never gets it (e.g. "is typing"). Its
   * last argument must not be a string: socket.io-client would take it for an offset.
   */
  volatile?: boolean;
}

export abstract class SocketIoServer<Env = unknown, Data = unknown> extends SocketIoCore<
  Env,
  Data
> {
  /** When the heartbeat's rounds fall (heartbeat.ts). */
  private readonly pingClock = new PingClock(this.ctx.storage.kv, this.settings.pingInterval);
  /**
   * When the recovery store was last tidied: sessions orphaned by a restart closed (only a
   * restart orphans them; a closed socket ends its own session) and what is past the window
   * pruned (restore checks the window itself, and the log prunes every few hundred packets).
   * Once per wake and then once per ping interval is enough, not on every alarm (a subclass
   * may ring it every second).
   */
  private recoveryTidiedAt = 0;
  /**
   * The alarm as this instance last set or read it (undefined: not known, as after it rang).
   * A connect storm asked storage for the alarm twice per upgrade, and a busy room once per
   * message, for an answer that was nearly always "already sooner". Right only while every
   * change of the alarm goes through setAlarm and cancelAlarm: never call the storage's own.
   */
  private knownAlarm: number | null | undefined;

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
      if (!this.settings.hibernate) return refuseSocket(decision.message, this.settings);
      // Hibernatable, and closed by the alarm: a refusal never keeps the object awake.
      await this.wakeAt(acceptRefusal(this.ctx, server, decision.message, this.settings, now));
      return new Response(null, { status: 101, webSocket: client });
    }
    const connectBy = this.settings.engineOnly ? 0 : now + this.settings.connectTimeout;
    const record: SocketRecord<Data> = {
      eid: newId(),
      openedAt: now,
      connectBy,
      nsps: {},
      data: decision,
    };
    this.accept(server);
    this.sockets.add(server, record);
    send(server, openFrame(record.eid, this.settings));
    const pingAt = this.pingClock.next(now);
    await this.wakeAt(Math.min(connectBy || pingAt, pingAt));
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Hibernatable: the runtime calls webSocketMessage and the rest. Otherwise (`hibernate:
   * false`) the socket's own events call them, and it keeps the object in memory while open.
   */
  private accept(ws: WebSocket) {
    if (this.settings.hibernate) return this.ctx.acceptWebSocket(ws);
    ws.accept();
    ws.addEventListener('message', (event) => void this.webSocketMessage(ws, event.data));
    ws.addEventListener('close', () => void this.webSocketClose(ws));
    ws.addEventListener('error', () => void this.webSocketError(ws));
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    try {
      const record = this.sockets.get(ws);
      if (!record) {
        const refusal = refusalOf(ws);
        if (refusal !== null) return answerRefused(ws, refusal, message);
        return ws.close(1011, 'Unknown socket');
      }
      this.sockets.heard(ws);
      if (this.frameRate && !this.frameRate.take(ws)) return this.flood(ws, record);
      const frame = decodeFrame(message, this.settings.maxPayload, this.settings.engineOnly);
      if (frame.kind === 'message') return await this.onEngineMessage(ws, frame.data);
      if (frame.kind === 'pong') return;
      if (frame.kind === 'close') return this.end(ws, 1000, 'transport close');
      // Engine.IO 4: only the server pings.
      if (frame.kind === 'ping') return this.violation(ws, record, 'client ping');
      if (frame.kind === 'invalid') return this.violation(ws, record, frame.reason);
      await this.onPacket(ws, record, frame.packet);
    } catch (error) {
      console.error('SocketIoServer webSocketMessage', error);
    }
  }

  async webSocketClose(ws: WebSocket) {
    this.endLogged(ws, 1000, 'transport close');
  }

  async webSocketError(ws: WebSocket) {
    this.endLogged(ws, 1011, 'transport error');
  }

  private endLogged(ws: WebSocket, code: number, reason: 'transport close' | 'transport error') {
    try {
      this.end(ws, code, reason);
    } catch (error) {
      console.error('SocketIoServer', reason, error);
    }
  }

  async alarm() {
    // The runtime clears the alarm that rang: what is set now, this handler sets.
    this.knownAlarm = undefined;
    try {
      await this.onAlarm();
    } catch (error) {
      console.error('SocketIoServer onAlarm', error);
    }
    const end = (ws: WebSocket, why: Ending) =>
      this.end(ws, 1000, why === 'ping timeout' ? 'ping timeout' : 'forced close');
    const refusalsDue = closeExpiredRefusals(this.ctx);
    const beat = heartbeat(this.ctx, this.sockets, this.pingClock, this.settings, end);
    const next = beat === null ? refusalsDue : Math.min(beat, refusalsDue ?? beat);
    if (this.recovery) {
      this.recovery.flush();
      const now = Date.now();
      // Also when the last socket has gone, or its log would wait for the next visitor.
      if (now - this.recoveryTidiedAt >= this.settings.pingInterval || next === null) {
        this.recoveryTidiedAt = now;
        closeOrphans(this.ctx.storage.sql, this.ctx.storage.kv, this.livePids());
        this.recovery.prune(now);
      }
      if (next !== null) this.recovery.alive();
    }
    if (next === null) return; // nobody here: sleep without alarms
    const scheduled = await this.ctx.storage.getAlarm();
    if (scheduled === null || scheduled <= Date.now() || scheduled > next) {
      await this.setAlarm(next);
    }
  }

  /** engineOnly: an Engine.IO message from a socket (reply with sendMessage). */
  protected onEngineMessage(_ws: WebSocket, _data: string): void | Promise<void> {}

  /** engineOnly: sends an Engine.IO message to one socket. */
  protected sendMessage(ws: WebSocket, data: string) {
    send(ws, messageFrame(data));
  }

  /** Sends one event to every socket of a namespace (or of one room), encoded once. */
  protected broadcast(event: string, args: unknown[], options: BroadcastOptions = {}) {
    const { nsp = '/', room = '' } = options;
    const skip = new Set(options.except ?? []);
    const data = [event, ...args];
    let frame: string;
    if (this.recovery && !options.volatile) {
      // The offset rides as the last argument, as socket.io's recovery does it.
      const offset = this.recovery.nextOffset();
      frame = eventFrame(nsp, [...data, String(offset)]);
      const recordOf = (ws: WebSocket) => this.sockets.get(ws) ?? this.endedRecords.get(ws);
      const exceptSids = [...skip].map((ws) => recordOf(ws)?.nsps[nsp]?.sid ?? '');
      this.recovery.log(offset, nsp, room, exceptSids, frame);
    } else {
      frame = eventFrame(nsp, data);
    }
    for (const ws of this.sockets.inRoom(nsp, room)) if (!skip.has(ws)) send(ws, frame);
  }

  /** Every socket connected to `nsp` (with `all`, the ones yet to connect too). */
  protected connections(nsp = '/', all = false): Socket<Data>[] {
    return this.sockets
      .entries()
      .filter(([, record]) => all || nsp in record.nsps)
      .map(([ws, record]) => new Socket(this.host, ws, nsp, record));
  }

  /**
   * Forgets the recovery sessions of the sockets with this key (socketKey), live or ended: none
   * of them comes back with its rooms and data. For a person the server has shut out, whose
   * dropped connection would otherwise resume, once let in again, as if never removed.
   */
  protected forgetSessions(key: string) {
    this.recovery?.forgetWhere((data) => this.socketKey(data) === key);
  }

  /** Asks for the alarm (onAlarm) at `at`, unless it rings sooner already. */
  protected async wakeAt(at: number) {
    if (this.ringsBy(at)) return;
    const known = this.knownAlarm;
    const current = await this.ctx.storage.getAlarm();
    // Another ask may have set a sooner alarm while this one read.
    if (this.ringsBy(at)) return;
    if (current === null || current > at) await this.setAlarm(at);
    // What was read is news only if nothing set or cancelled the alarm meanwhile.
    else if (this.knownAlarm === known) this.knownAlarm = current;
  }

  /** Known to ring by `at`, and not yet due (a due alarm may have rung, and been cleared). */
  private ringsBy(at: number): boolean {
    const known = this.knownAlarm;
    return typeof known === 'number' && known <= at && known > Date.now();
  }

  /** No alarm at all: the object has nothing more to do (the room was deleted, say). */
  protected async cancelAlarm() {
    this.knownAlarm = null;
    await this.ctx.storage.deleteAlarm();
  }

  private async setAlarm(at: number) {
    this.knownAlarm = at;
    await this.ctx.storage.setAlarm(at);
  }
}
