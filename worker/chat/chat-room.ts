/**
 * One room: a Socket.IO object (worker/socket-io) whose hooks are the chat: who may open a
 * socket, join / sendMessage / leave (room-events.ts), presence, and the RPCs the worker calls
 * (kicks, ended sessions, broadcasts, deletion). Its history is in its SQLite storage. The
 * worker checks the session, the origin and the membership before it forwards an upgrade.
 */
import { CHAT_MODERATOR } from '../../contract/rooms';
import type { ChatMessage, MessageType } from '../../contract/realtime';
import { Refusal, SocketIoServer, type Ack, type ConnectInfo, type Socket } from '../socket-io';
import { readForwarded } from './forwarded';
import { MessageStore } from './message-store';
import { membershipNickname, renameSockets } from './nickname-change';
import { moderatorNotice, notice } from './notice';
import { OncePer, PersonLimit } from './person-limit';
import { PresenceBatch, presenceInterval, type PresenceNotice } from './presence-batch';
import { RoomGate } from './room-gate';
import { handleEvent, leaveRoom, JOINED, type RoomHost } from './room-events';
import { closeMatching, endEveryone, removeSockets } from './room-exits';
import { MessagePoster } from './message-poster';
import { ReadPositions } from './read-positions';
import { RoomOccupants } from './room-occupants';
import {
  MAX_SOCKETS_PER_PERSON,
  RECONNECTING_TOO_FAST,
  ROOM_SOCKET_OPTIONS,
  UPGRADE_BURST,
  UPGRADES_PER_SECOND,
} from './room-socket-options';
import { flushRoomSummary } from './room-summary';
import {
  MESSAGE_BURST,
  MESSAGES_PER_SECOND,
  newSocketState,
  type SocketMatch,
  type SocketState,
} from './socket-state';
import { mayAnnounceTyping, typingAudience } from './typing';
import { recordSecurityEvent, type ViolationType } from '../security/security-events';

export { MAX_SOCKETS_PER_PERSON } from './room-socket-options';

/** A quiet room's summary (room-summary.ts) reaches D1 a second after its message... */
const SUMMARY_DELAY_MS = 1000;
/**
 * ...and a busy room's at most every five seconds: with a flush every second, 100 rooms of ten
 * talkers spent about a sixth of their CPU on it (`npm run bench -- many`). The room list
 * polls every five seconds anyway.
 */
const BUSY_SUMMARY_INTERVAL_MS = 5000;

export class ChatRoom extends SocketIoServer<Env, SocketState> implements RoomHost {
  readonly store: MessageStore;
  readonly poster: MessagePoster;
  /** Members' read positions, on their way to D1 with the summary (unread counts). */
  readonly reads: ReadPositions;
  private readonly occupants = new RoomOccupants(this.sockets);
  private readonly presence = new PresenceBatch(
    (notices) => this.deliverPresence(notices),
    () => presenceInterval(this.occupants.joinedCount()),
  );
  private summaryScheduled = false;
  /** When the summary last wrote to D1 (0: not since this instance woke). */
  private summaryWrittenAt = 0;
  private readonly gate: RoomGate;
  private readonly personMessages = new PersonLimit(MESSAGES_PER_SECOND, MESSAGE_BURST);
  private readonly personUpgrades = new PersonLimit(UPGRADES_PER_SECOND, UPGRADE_BURST);
  private readonly upgradeRefusalLog = new OncePer(10_000);
  /** Kept in memory too: a storage read on every message was a measurable share of its cost. */
  roomId: string;
  roomName: string;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new MessageStore(ctx.storage.sql, ctx.storage.kv);
    this.poster = new MessagePoster(this.store, (message) => this.deliver(message));
    this.reads = new ReadPositions(ctx.storage.sql);
    this.gate = new RoomGate(
      ctx.storage.sql,
      () => this.env.DB,
      () => this.roomId,
      (ip) => void this.closeSockets({ ip }, 'Your network has been blocked'),
    );
    this.roomId = ctx.storage.kv.get<string>('roomId') ?? '';
    this.roomName = ctx.storage.kv.get<string>('roomName') ?? '';
  }

  protected override get options() {
    return ROOM_SOCKET_OPTIONS;
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

  /** Sockets are found by person: their count per person and other tabs (room-occupants.ts). */
  protected override socketKey(data: SocketState): string {
    return data.userId;
  }

  protected onUpgrade(request: Request): SocketState | Refusal {
    const forwarded = readForwarded(request.headers);
    const { roomId, roomName, userId, role, sessionId, ip } = forwarded;
    this.remember(roomId, roomName);
    const admitted = this.gate.admit(forwarded);
    if (admitted instanceof Refusal) return admitted;
    const state = newSocketState(userId, role, sessionId, ip, admitted.memberAs);
    if (this.occupants.socketsOf(userId) >= MAX_SOCKETS_PER_PERSON) {
      this.logViolation(state, 'socket_refused', { reason: 'too many sockets' });
      return new Refusal('Too many open connections to this room');
    }
    if (!this.personUpgrades.take(userId)) {
      if (this.upgradeRefusalLog.take(userId)) {
        this.logViolation(state, 'rate_limited', { limit: 'socket-upgrades' });
      }
      return new Refusal(RECONNECTING_TOO_FAST);
    }
    return state;
  }

  /** A recovered socket is back in the room: the room hears it if the person had gone. */
  protected onConnect(socket: Socket<SocketState>, { recovered }: ConnectInfo) {
    if (!recovered || !socket.data.nickname || !socket.rooms.includes(JOINED)) return;
    const elsewhere = this.occupants.joinedElsewhere(socket.data.userId, socket.ws);
    this.presenceChanged(
      elsewhere ? undefined : { kind: 'joined', nickname: socket.data.nickname, socket: socket.ws },
    );
  }

  /**
   * Only the same person gets a session back, with the membership their new upgrade found, and
   * a joined session only under the nickname the membership still has: one set meanwhile frees
   * the old one for someone else. Otherwise the client connects afresh and joins again.
   */
  protected restoreData(saved: SocketState, fresh: SocketState): SocketState | null {
    if (saved.userId !== fresh.userId || this.gate.isBanned(fresh.userId)) return null;
    if (saved.nickname !== null && saved.nickname !== fresh.memberAs) return null;
    return { ...fresh, nickname: saved.nickname, allowance: saved.allowance };
  }

  protected onEvent(socket: Socket<SocketState>, event: string, args: unknown[], ack?: Ack) {
    return handleEvent(this, socket, event, args, ack);
  }

  protected onDisconnect(socket: Socket<SocketState>) {
    if (socket.data.nickname) leaveRoom(this, socket);
  }

  protected onViolation(state: SocketState, kind: 'protocol' | 'flood', reason: string) {
    if (kind === 'flood') this.logViolation(state, 'rate_limited', { limit: 'socket-frames' });
    else this.logViolation(state, 'malformed_payload', { reason });
  }

  /** The alarm serves the summary flush (soon after a message); the base runs the pings. */
  protected async onAlarm() {
    this.summaryScheduled = false;
    const { kv } = this.ctx.storage;
    if (await flushRoomSummary(this.env.DB, kv, this.store, this.reads, this.roomId)) {
      this.summaryWrittenAt = Date.now();
    }
  }

  /** Stores a message from a person (or the moderator) and delivers it to everyone joined. */
  async postMessage(
    userId: string | null,
    nickname: string,
    html: string,
    clientId?: string,
    onStored?: (message: ChatMessage) => void,
  ): Promise<ChatMessage> {
    const message = await this.poster.post({ userId, nickname, html, clientId, onStored });
    // The sender has seen the room up to their own message.
    if (userId && typeof message.id === 'number') this.reads.sent(userId, message.id);
    await this.scheduleSummary();
    return message;
  }

  private deliver(message: ChatMessage) {
    this.broadcast('message', [message], { room: JOINED });
  }

  presenceChanged(change?: Parameters<PresenceBatch['changed']>[0]) {
    this.presence.changed(change);
  }

  private deliverPresence(notices: PresenceNotice[]) {
    this.broadcastRoomData();
    for (const { message, except } of notices) {
      this.broadcast('message', [message], { room: JOINED, except });
    }
  }

  private broadcastRoomData() {
    const users = this.occupants.onlineNicknames();
    const data = { room: this.roomId, name: this.roomName, users };
    this.broadcast('roomData', [data], { room: JOINED });
  }

  joinedElsewhere(userId: string, ws: WebSocket): boolean {
    return this.occupants.joinedElsewhere(userId, ws);
  }

  /** RPC from the worker when it creates the room: the object is made, and learns its room. */
  async roomCreated(roomId: string, roomName: string) {
    this.remember(roomId, roomName);
  }

  /**
   * RPC from the worker after a join through the API set someone's nickname here: their
   * sockets take it at once (nickname-change.ts), and the room hears the old name leave and
   * the new one arrive. Two renames at once may reach D1 in one order and the room in the
   * other, so the nickname is the one D1 holds now (the one said, if D1 has no membership).
   */
  async membershipChanged(userId: string, said: string) {
    this.gate.nicknameChanged(userId);
    const nickname = (await membershipNickname(this.env.DB, this.roomId, userId)) ?? said;
    const renamed = renameSockets(this.connections('/', true), userId, nickname);
    if (!renamed) return;
    this.presenceChanged({ kind: 'left', nickname: renamed.from, socket: renamed.socket });
    this.presenceChanged({ kind: 'joined', nickname, socket: renamed.socket });
  }

  markRead(userId: string, messageId: number) {
    if (this.reads.read(userId, messageId, this.store.latestId())) void this.scheduleSummary();
  }

  /** A volatile broadcast to the others joined, when there are any (typing.ts). */
  announceTyping(socket: Socket<SocketState>) {
    const { userId, nickname } = socket.data;
    if (!nickname || !mayAnnounceTyping(socket.ws)) return;
    const own = typingAudience(userId, this.occupants.joinedPeople());
    if (own)
      this.broadcast('typing', [{ nickname }], { room: JOINED, except: own, volatile: true });
  }

  isBanned(userId: string): boolean {
    return this.gate.isBanned(userId);
  }

  takePersonAllowance(userId: string): boolean {
    return this.personMessages.take(userId);
  }

  /**
   * RPC from the worker after a kick (which bans): the room keeps the ban in its own storage,
   * tells the person, ends their sockets and tells the room.
   */
  async removeMember(userId: string, reason: string) {
    this.gate.kicked(userId);
    const nickname = removeSockets(this.connections('/', true), userId, reason);
    if (!nickname) return;
    // The kicked person's sockets said no "has left": the room hears this instead.
    this.broadcast('message', [notice(`${nickname} was removed from the room`)], { room: JOINED });
    this.broadcastRoomData();
  }

  /** RPC from the worker when a ban is lifted (the membership is the API's to give back). */
  async unbanMember(userId: string): Promise<void> {
    this.gate.unbanned(userId);
  }

  /**
   * RPC (close-sockets.ts): ends the sockets of a person, of one of their sessions or of an
   * address, after a logout, a password reset, an account's deletion or an address block.
   */
  async closeSockets(match: SocketMatch, reason: string): Promise<number> {
    this.gate.sessionsEnded(match);
    return closeMatching(this.connections('/', true), match, reason);
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
    const message = moderatorNotice(html, messageType);
    this.broadcast('message', [message], { room: JOINED });
    this.broadcast('admin-broadcast', [{ message }], { room: JOINED });
  }

  /** RPC after the room was deleted: tell every socket, end them, forget the history. */
  async deleteRoom(roomId: string) {
    this.gate.roomDeleted();
    endEveryone(this.connections('/', true), roomId);
    this.store.clear();
    this.reads.clear();
    await this.ctx.storage.deleteAlarm();
    this.ctx.storage.kv.delete('flushedId');
  }

  logViolation(state: SocketState, eventType: ViolationType, details: Record<string, unknown>) {
    const event = {
      eventType,
      ip: state.ip,
      userId: state.userId,
      details: { roomId: this.roomId, ...details },
    };
    this.ctx.waitUntil(recordSecurityEvent(this.env, event));
  }

  private async scheduleSummary() {
    if (this.summaryScheduled) return;
    this.summaryScheduled = true;
    const soon = Date.now() + SUMMARY_DELAY_MS;
    await this.wakeAt(Math.max(soon, this.summaryWrittenAt + BUSY_SUMMARY_INTERVAL_MS));
  }
}
