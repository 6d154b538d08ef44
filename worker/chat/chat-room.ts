/**
 * One room: its sockets (WebSocket Hibernation API), its history (SQLite storage) and its
 * presence. It only overrides the runtime's hooks; the Socket.IO events live in room-events.ts.
 * The worker checks the session, the origin and the membership before it forwards an upgrade.
 */
import { DurableObject } from 'cloudflare:workers';
import type { ChatMessage, MessageType } from '../../contract/realtime';
import { CHAT_MODERATOR } from '../../contract/rooms';
import { MessageBatch, type PendingMessage } from './message-batch';
import { MessageStore } from './message-store';
import { notice } from './notice';
import { RecentRemovals } from './recent-removals';
import { withinFrameRate } from './frame-flood';
import { refuseSocket } from './refuse-socket';
import { PresenceBatch, type PresenceChange, type PresenceNotice } from './presence-batch';
import { handlePacket, leaveRoom, type RoomHost } from './room-events';
import { SocketRegistry, safeSend } from './socket-registry';
import {
  decodeFrame,
  DISCONNECT_FRAME,
  eventFrame,
  openFrame,
  PING_FRAME,
  PING_INTERVAL_MS,
  PING_TIMEOUT_MS,
  PONG_FRAME,
} from './socket-protocol';
import { newSocketState, type SocketState } from './socket-state';
import { flushRoomSummary } from './room-summary';
import { recordSecurityEvent, type ViolationType } from '../security/security-events';

/** The identity the worker vouches for when it forwards an upgrade. */
export const FORWARDED = {
  userId: 'X-Chat-User-Id',
  role: 'X-Chat-User-Role',
  roomId: 'X-Chat-Room-Id',
  roomName: 'X-Chat-Room-Name',
  nickname: 'X-Chat-Member-As',
  ip: 'X-Chat-Client-Ip',
};

const SUMMARY_DELAY_MS = 1000;
/** Tabs and devices of one person in one room; beyond this an upgrade is refused. */
export const MAX_SOCKETS_PER_PERSON = 10;

export class ChatRoom extends DurableObject<Env> implements RoomHost {
  readonly store: MessageStore;
  readonly sockets: SocketRegistry;
  private readonly batch = new MessageBatch((pending) => this.storeAndDeliver(pending));
  private readonly presence = new PresenceBatch((notices) => this.deliverPresence(notices));
  private summaryScheduled = false;
  private readonly removals = new RecentRemovals();
  /** Kept in memory too: a storage read on every message was a measurable share of its cost. */
  roomId: string;
  roomName: string;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new MessageStore(ctx.storage.sql);
    this.sockets = new SocketRegistry(ctx);
    this.roomId = ctx.storage.kv.get<string>('roomId') ?? '';
    this.roomName = ctx.storage.kv.get<string>('roomName') ?? '';
  }

  get db(): D1Database {
    return this.env.DB;
  }

  /** The object learns its room from whoever calls it first (ids come from idFromName). */
  private remember(roomId: string, roomName: string) {
    if (this.roomId !== roomId) {
      this.roomId = roomId;
      this.ctx.storage.kv.put('roomId', roomId);
    }
    if (this.roomName !== roomName) {
      this.roomName = roomName;
      this.ctx.storage.kv.put('roomName', roomName);
    }
  }

  async fetch(request: Request): Promise<Response> {
    const headers = request.headers;
    this.remember(
      headers.get(FORWARDED.roomId) ?? '',
      decodeURIComponent(headers.get(FORWARDED.roomName) ?? ''),
    );
    const role = headers.get(FORWARDED.role) === 'admin' ? 'admin' : 'user';
    const userId = headers.get(FORWARDED.userId) ?? '';
    const memberAs = decodeURIComponent(headers.get(FORWARDED.nickname) ?? '');
    const state = newSocketState(
      userId,
      role,
      headers.get(FORWARDED.ip) ?? 'unknown',
      memberAs && !this.removals.includes(userId) ? memberAs : null,
    );
    if (this.sockets.countFor(userId) >= MAX_SOCKETS_PER_PERSON) {
      this.logViolation(state, 'socket_refused', { reason: 'too many sockets' });
      return refuseSocket('Too many open connections to this room');
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.sockets.add(server, state);
    server.send(openFrame(state.sid));
    await this.keepPinging();
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    try {
      const state = this.sockets.get(ws);
      if (!state) return ws.close(1011, 'Unknown socket');
      this.sockets.heard(ws);
      if (!withinFrameRate(ws)) return this.refuseFlood(ws, state);
      const frame = decodeFrame(message);
      if (frame.kind === 'ping') return safeSend(ws, PONG_FRAME);
      if (frame.kind === 'pong') return;
      if (frame.kind === 'close') return this.endSocket(ws, 1000, 'client closed');
      if (frame.kind === 'invalid') return this.refuseFrame(ws, state, frame.reason);
      await handlePacket(this, ws, state, frame.packet);
    } catch (error) {
      console.error(`ChatRoom:${this.roomId} webSocketMessage`, error);
    }
  }

  async webSocketClose(ws: WebSocket, code: number) {
    try {
      this.endSocket(ws, code === 1005 || code === 1006 ? 1000 : code, 'closed');
    } catch (error) {
      console.error(`ChatRoom:${this.roomId} webSocketClose`, error);
    }
  }

  async webSocketError(ws: WebSocket) {
    this.endSocket(ws, 1011, 'error');
  }

  /** One alarm serves two clocks: the summary flush (soon after a message) and the pings. */
  async alarm() {
    try {
      this.summaryScheduled = false;
      await flushRoomSummary(this.env.DB, this.ctx.storage.kv, this.store, this.roomId);
      if (this.sockets.entries().length === 0) return; // nobody here: sleep without alarms
      const now = Date.now();
      let nextPingAt = this.ctx.storage.kv.get<number>('nextPingAt') ?? 0;
      if (nextPingAt <= now + 100) {
        // Engine.IO's rule: a client that has not answered within the interval and the
        // timeout is gone (a dead network rarely says so); its socket leaves the room.
        for (const ws of this.sockets.silentSince(now - PING_INTERVAL_MS - PING_TIMEOUT_MS)) {
          this.endSocket(ws, 1000, 'ping timeout');
        }
        for (const [ws] of this.sockets.entries()) safeSend(ws, PING_FRAME);
        nextPingAt = now + PING_INTERVAL_MS;
        this.ctx.storage.kv.put('nextPingAt', nextPingAt);
      }
      await this.ctx.storage.setAlarm(nextPingAt);
    } catch (error) {
      console.error(`ChatRoom:${this.roomId} alarm`, error);
      await this.ctx.storage.setAlarm(Date.now() + 5000);
    }
  }

  /** Stores a message from a person (or the moderator) and delivers it to everyone joined. */
  async postMessage(userId: string | null, nickname: string, html: string): Promise<ChatMessage> {
    const message = await this.batch.add({ userId, nickname, html });
    await this.scheduleSummary();
    return message;
  }

  /** One batch, one commit: each message is stored, then sent to everyone joined. */
  private storeAndDeliver(pending: PendingMessage[]): ChatMessage[] {
    const stored = pending.map(({ userId, nickname, html }) =>
      this.store.add(userId, nickname, html, 'user'),
    );
    for (const message of stored) this.sockets.sendToJoined(eventFrame('message', message));
    return stored;
  }

  presenceChanged(change?: { kind: PresenceChange; nickname: string; socket: WebSocket }) {
    this.presence.changed(change);
  }

  private deliverPresence(notices: PresenceNotice[]) {
    this.broadcastRoomData();
    for (const { message, except } of notices) {
      this.sockets.sendToJoined(eventFrame('message', message), except);
    }
  }

  private broadcastRoomData() {
    const data = { room: this.roomId, name: this.roomName, users: this.sockets.onlineNicknames() };
    this.sockets.sendToJoined(eventFrame('roomData', data));
  }

  /** RPC from the worker after a join through the API changed someone's nickname here. */
  async membershipChanged(userId: string, nickname: string) {
    for (const [ws, state] of this.sockets.entries()) {
      if (state.userId !== userId) continue;
      state.memberAs = nickname;
      this.sockets.save(ws, state);
    }
  }

  /** RPC from the worker after a kick: tell the person, end their sockets, tell the room. */
  async removeMember(userId: string, reason: string) {
    this.removals.add(userId);
    const theirs = this.sockets.entries().filter(([, state]) => state.userId === userId);
    const nickname = theirs.find(([, state]) => state.nickname)?.[1].nickname;
    for (const [ws] of theirs) {
      safeSend(ws, eventFrame('message', notice(reason)));
      // The DISCONNECT packet makes the client close and not reconnect; a close() from
      // here may not reach a hibernated socket.
      safeSend(ws, DISCONNECT_FRAME);
      this.sockets.remove(ws);
      ws.close(1000, 'removed');
    }
    if (nickname) {
      this.sockets.sendToJoined(
        eventFrame('message', notice(`${nickname} was removed from the room`)),
      );
      this.broadcastRoomData();
    }
  }

  /**
   * RPC: an administrator's broadcast. 'user' is stored and delivered as a message from
   * ChatModerator; the system types pass as notices plus an admin-broadcast event.
   */
  async adminBroadcast(roomId: string, roomName: string, messageType: MessageType, html: string) {
    this.remember(roomId, roomName);
    if (messageType === 'user') {
      await this.postMessage(null, CHAT_MODERATOR, html);
      return;
    }
    const message: ChatMessage = {
      id: `notice-${crypto.randomUUID()}`,
      user: CHAT_MODERATOR,
      text: html,
      messageType,
      createdAt: Date.now(),
    };
    this.sockets.sendToJoined(eventFrame('message', message));
    this.sockets.sendToJoined(eventFrame('admin-broadcast', { message }));
  }

  /** RPC after the room was deleted: tell every socket, end them, forget the history. */
  async deleteRoom(roomId: string) {
    this.removals.addEveryone();
    const frame = eventFrame('room-deleted', { roomId });
    for (const [ws] of this.sockets.entries()) {
      safeSend(ws, frame);
      safeSend(ws, DISCONNECT_FRAME);
      this.sockets.remove(ws);
      ws.close(1000, 'room deleted');
    }
    this.store.clear();
    await this.ctx.storage.deleteAlarm();
    this.ctx.storage.kv.delete('flushedId');
  }

  private refuseFlood(ws: WebSocket, state: SocketState) {
    safeSend(ws, DISCONNECT_FRAME);
    this.endSocket(ws, 1008, 'flood');
    this.logViolation(state, 'rate_limited', { limit: 'socket-frames' });
  }

  /** A hostile or broken frame ends that socket only; the room keeps serving everyone else. */
  private refuseFrame(ws: WebSocket, state: SocketState, reason: string) {
    safeSend(ws, DISCONNECT_FRAME);
    this.endSocket(ws, 1008, 'invalid frame');
    this.logViolation(state, 'malformed_payload', { reason });
  }

  logViolation(state: SocketState, eventType: ViolationType, details: Record<string, unknown>) {
    const event = {
      eventType,
      ip: state.ip,
      userId: state.userId,
      details: { roomId: this.roomId, ...details },
    };
    this.ctx.waitUntil(recordSecurityEvent(this.env.DB, event));
  }

  private endSocket(ws: WebSocket, code: number, reason: string) {
    const state = this.sockets.get(ws);
    this.sockets.remove(ws);
    if (state?.nickname) leaveRoom(this, ws, state);
    try {
      ws.close(code, reason);
    } catch {
      // already closed
    }
  }

  private async keepPinging() {
    if ((await this.ctx.storage.getAlarm()) !== null) return;
    const nextPingAt = Date.now() + PING_INTERVAL_MS;
    this.ctx.storage.kv.put('nextPingAt', nextPingAt);
    await this.ctx.storage.setAlarm(nextPingAt);
  }

  private async scheduleSummary() {
    if (this.summaryScheduled) return;
    this.summaryScheduled = true;
    const due = Date.now() + SUMMARY_DELAY_MS;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > due) await this.ctx.storage.setAlarm(due);
  }
}
