/**
 * One room: a Socket.IO object (worker/socket-io) whose hooks are the chat. It makes the room's
 * parts (new-room-parts.ts), hands them to the events (room-events.ts), and answers the RPCs
 * the worker calls: a creation, a wake, the calls of one person (member-calls.ts), of the whole
 * room (room-wide-calls.ts) and of its messages (message-calls.ts), a deletion. Its history is
 * in its SQLite storage. The worker checks the session, the origin and the membership before it
 * forwards an upgrade.
 */
import {
  REFUSED,
  refused,
  type ClientToServerEvents,
  type MessageType,
  type ServerToClientEvents,
} from '../../../contract/realtime';
import { Refusal, SocketIoServer, type Ack, type ConnectInfo } from '../../socket-io';
import { refusal } from '../upgrade/connect-refusal';
import { readForwarded } from '../upgrade/forwarded';
import { PersonLimit } from '../sockets/person-limit';
import { MemberCalls } from './member-calls';
import { MessageCalls, type MessageOutcome } from './message-calls';
import { newRoomParts } from './new-room-parts';
import { handleEvent, leaveRoom } from './room-events';
import type { RoomParts } from './room-parts';
import { endEveryone } from './room-exits';
import { RoomWideCalls } from './room-wide-calls';
import type { RoomUpload } from '../messages/message-files';
import { keptMessages } from '../messages/kept-messages';
import type { SearchOutcome } from '../messages/room-search';
import type { SearchQuery } from '../../../contract/search';
import {
  MAX_SOCKETS_PER_PERSON,
  RECONNECTING_TOO_FAST,
  ROOM_SOCKET_OPTIONS,
  UPGRADE_BURST,
  UPGRADES_PER_SECOND,
} from '../sockets/room-socket-options';
import type { SocketMatch } from '../../room-calls/room-rpc';
import { JOINED, newSocketState, type RoomSocket, type SocketState } from '../sockets/socket-state';

export { MAX_SOCKETS_PER_PERSON } from '../sockets/room-socket-options';

export class ChatRoom extends SocketIoServer<
  Env,
  SocketState,
  ClientToServerEvents,
  ServerToClientEvents
> {
  /** The room's parts, which its events get too (room-events.ts). */
  readonly parts: RoomParts;
  private readonly personUpgrades = new PersonLimit(UPGRADES_PER_SECOND, UPGRADE_BURST);
  private readonly memberCalls: MemberCalls;
  private readonly roomWide: RoomWideCalls;
  private readonly messageCalls: MessageCalls;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const { storage } = ctx;
    this.parts = newRoomParts({
      ctx,
      env: () => this.env,
      sockets: this,
      wakeAt: (at) => this.wakeAt(at),
    });
    this.memberCalls = new MemberCalls(this.parts, this, (userId) => this.forgetSessions(userId));
    this.roomWide = new RoomWideCalls(this.parts, this, storage.kv);
    this.messageCalls = new MessageCalls(this.parts, storage);
    // A recovery replays posted messages from their rows, not from a copy in its log.
    this.keepEventsIn(keptMessages(storage.sql));
  }

  protected override get options() {
    return ROOM_SOCKET_OPTIONS;
  }

  /** Sockets are found by person: their count per person and other tabs (room-occupants.ts). */
  protected override socketKey(data: SocketState): string {
    return data.userId;
  }

  protected onUpgrade(request: Request): SocketState | Refusal {
    const forwarded = readForwarded(request.headers);
    const { roomId, roomName, userId, role, sessionId, ip, checkedAt } = forwarded;
    this.parts.identity.remember(roomId, roomName, checkedAt ?? Date.now());
    const admitted = this.parts.gate.admit(forwarded);
    if (admitted instanceof Refusal) return admitted;
    const { memberAs, shareReads } = admitted;
    const state = newSocketState(userId, role, sessionId, ip, memberAs, shareReads);
    if (this.parts.presence.socketsOf(userId) >= MAX_SOCKETS_PER_PERSON) {
      this.parts.security.refused(state, 'socket_refused', { reason: 'too many sockets' });
      return refusal(REFUSED.tooManyConnections);
    }
    if (!this.personUpgrades.take(userId)) {
      this.parts.security.rateLimited(state, 'socket-upgrades');
      return refusal(refused('rate_limited', RECONNECTING_TOO_FAST));
    }
    return state;
  }

  /**
   * A recovered socket is back in the room: the room hears it if it heard the person go. After
   * a restart it heard nobody go, so the return is only a new list of who is online (roomData),
   * not a wave of "has joined" for everyone who was there all along. Back beside another tab
   * that lists them under the same nickname, the list did not change: only this socket gets it.
   */
  protected onConnect(socket: RoomSocket, { recovered, missedDisconnect }: ConnectInfo) {
    const { userId, nickname } = socket.data;
    if (!recovered || !nickname || !socket.rooms.includes(JOINED)) return;
    if (this.parts.presence.listedElsewhereAs(userId, nickname, socket.ws)) {
      return this.parts.presence.sendRoomDataTo(socket);
    }
    const elsewhere = this.parts.presence.joinedElsewhere(userId, socket.ws);
    this.parts.presence.changed(
      elsewhere || missedDisconnect ? undefined : { kind: 'joined', nickname, socket: socket.ws },
      socket,
    );
  }

  /**
   * Only the same person gets a session back, with the membership their new upgrade found, and
   * only a joined session (the client takes a recovery for its join kept), under the nickname
   * the membership still has: one set meanwhile frees the old one for someone else. Nor a
   * session saved under the other read-sharing setting: its rooms are that setting's (in SEEN
   * or not), and its replay, sent before any hook could change them, would carry the others'
   * positions to someone who stopped sharing, while someone who started would hear none until
   * they joined again. Otherwise the client connects afresh and joins again.
   */
  protected restoreData(saved: SocketState, fresh: SocketState): SocketState | null {
    if (saved.userId !== fresh.userId || this.parts.gate.isBanned(fresh.userId)) return null;
    if (saved.nickname === null || saved.nickname !== fresh.memberAs) return null;
    if (saved.shareReads !== fresh.shareReads) return null;
    return { ...fresh, nickname: saved.nickname, allowance: saved.allowance };
  }

  protected onEvent(socket: RoomSocket, event: string, args: unknown[], ack?: Ack) {
    return handleEvent(this.parts, socket, event, args, ack);
  }

  protected onDisconnect(socket: RoomSocket) {
    if (socket.data.nickname) leaveRoom(this.parts, socket);
  }

  protected onViolation(state: SocketState, kind: 'protocol' | 'flood', reason: string) {
    if (kind === 'flood') {
      this.parts.security.rateLimited(state, 'socket-frames');
    } else {
      this.parts.security.record(state, 'malformed_payload', { reason });
    }
  }

  /** The alarm serves the summary flush (soon after a message); the base runs the pings. */
  protected async onAlarm() {
    await this.parts.messages.flushSummary();
  }

  /**
   * RPC from the worker when it issues a socket ticket (tickets/room-wake.ts): the object is
   * made, which is all it asks. Nothing is set that would keep it awake.
   */
  async wake() {}

  /** RPC from the worker when it creates the room: the object is made, and learns its room. */
  async roomCreated(roomId: string, roomName: string) {
    this.parts.identity.remember(roomId, roomName);
  }

  // The calls of the whole room: room-wide-calls.ts says what each does.

  /** RPC after the room was renamed in D1. */
  async roomRenamed(roomId: string) {
    await this.roomWide.roomRenamed(roomId);
  }

  /** RPC after the room was handed to another member; `handOverId` tells a repeat apart. */
  async ownerChanged(nickname: string, handOverId?: string) {
    this.roomWide.ownerChanged(nickname, handOverId);
  }

  /** RPC: an administrator's broadcast; a repeat of its `broadcastId` delivers nothing. */
  async adminBroadcast(
    roomId: string,
    roomName: string,
    messageType: MessageType,
    html: string,
    broadcastId?: string,
  ) {
    await this.roomWide.adminBroadcast(roomId, roomName, messageType, html, broadcastId);
  }

  // The calls of one person: member-calls.ts says what each does.

  /** RPC after a join through the API set someone's nickname here. */
  async membershipChanged(userId: string) {
    await this.memberCalls.membershipChanged(userId);
  }

  /** RPC after a kick (which bans). */
  async removeMember(userId: string, reason: string) {
    await this.memberCalls.removeMember(userId, reason);
  }

  /** RPC after the person left the room through the API (not a ban). */
  async memberLeft(userId: string, reason: string) {
    this.memberCalls.memberLeft(userId, reason);
  }

  /** RPC after the person changed 'Share when I have read messages'. */
  async readSharingChanged(userId: string, share: boolean) {
    this.memberCalls.readSharingChanged(userId, share);
  }

  /** RPC from the worker when a ban is lifted (the membership is the API's to give back). */
  async unbanMember(userId: string): Promise<void> {
    this.parts.gate.unbanned(userId);
  }

  /** RPC (close-sockets.ts): ends a person's, a session's or an address's sockets here. */
  async closeSockets(match: SocketMatch, reason: string): Promise<number> {
    return this.memberCalls.closeSockets(match, reason);
  }

  // The calls of the room's messages: message-calls.ts says what each does.

  /** RPC from the upload route: a member's file, which their next message may carry. */
  async fileUploaded(upload: RoomUpload) {
    this.messageCalls.fileUploaded(upload);
  }

  /** RPC (push): a stored message for a notification, unless banned, too fast or not kept. */
  async messageForNotification(userId: string, messageId: number): Promise<MessageOutcome> {
    return this.messageCalls.messageForNotification(userId, messageId);
  }

  /** RPC (direct-routes.ts): who wrote a stored message that is not deleted; null otherwise. */
  async authorOf(messageId: number): Promise<string | null> {
    return this.messageCalls.authorOf(messageId);
  }

  /** RPC from the search route, which checked the membership in D1. */
  async searchMessages(userId: string, query: SearchQuery): Promise<SearchOutcome> {
    return this.messageCalls.searchMessages(userId, query);
  }

  /**
   * RPC after the room was deleted: tell every socket, end them, forget the history, and the
   * recovery sessions and log too (addresses, nicknames, edits), which no alarm prunes now.
   */
  async deleteRoom(roomId: string) {
    this.parts.identity.markDeleted();
    this.parts.gate.roomDeleted();
    endEveryone(this.sockets('/', true), roomId);
    this.parts.messages.clear();
    this.forgetRecovery();
    await this.cancelAlarm();
  }
}
