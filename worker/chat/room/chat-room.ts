/**
 * One room: a Socket.IO object (worker/socket-io) whose hooks are the chat. It makes the room's
 * parts (who it is, who it lets in, its messages, its presence, its security log), hands them
 * to the events (room-events.ts), and answers the RPCs the worker calls: a creation, a new
 * nickname, kicks and unbans, ended sessions, broadcasts, a deletion. Its history is in its SQLite
 * storage. The worker checks the session, the origin and the membership before it forwards
 * an upgrade.
 */
import { CHAT_MODERATOR } from '../../../contract/rooms';
import { newOwnerNotice } from '../../../contract/room-owner';
import {
  MESSAGE_BURST,
  MESSAGES_PER_SECOND,
  REFUSED,
  refused,
  type ChatMessage,
  type ClientToServerEvents,
  type MessageType,
  type RoomChange,
  type ServerToClientEvents,
} from '../../../contract/realtime';
import { Refusal, SocketIoServer, type Ack, type ConnectInfo } from '../../socket-io';
import { BroadcastReceipts } from './broadcast-receipts';
import { refusal } from '../upgrade/connect-refusal';
import { readForwarded } from '../upgrade/forwarded';
import { membershipNickname, renameSockets } from './nickname-change';
import { moderatorNotice, notice } from '../messages/notice';
import { newJoinLimit } from './join-limit';
import { newHistoryLimit } from '../messages/load-history';
import { PersonLimit } from '../sockets/person-limit';
import { handleEvent, leaveRoom } from './room-events';
import type { RoomParts } from './room-parts';
import { closeMatching, endEveryone, removeSockets } from './room-exits';
import { RoomGate } from './room-gate';
import { RoomIdentity } from './room-identity';
import { RoomRename } from './room-rename';
import { RoomMembers } from './room-members';
import { SEEN } from '../messages/seen-positions';
import type { RoomUpload } from '../messages/message-files';
import { keptMessages } from '../messages/kept-messages';
import { RoomMessages } from '../messages/room-messages';
import { RoomPresence } from '../presence/room-presence';
import { RoomSecurityLog } from './room-security-log';
import { RoomSearch, type SearchOutcome } from '../messages/room-search';
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
  /** Per person, the latest rename call in flight (membershipChanged). */
  private readonly renameCalls = new Map<string, number>();
  private renameCallCount = 0;
  private readonly broadcastReceipts: BroadcastReceipts;
  private readonly rename: RoomRename;
  /** Made by the first search (room-search.ts). */
  private search: RoomSearch | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const { storage } = ctx;
    this.broadcastReceipts = new BroadcastReceipts(storage.kv);
    const identity = new RoomIdentity(storage.kv);
    // Read at each use, not kept: the binding is the environment's (tests count its calls).
    const db = () => this.env.DB;
    this.rename = new RoomRename(identity, db);
    this.parts = {
      identity,
      db,
      gate: new RoomGate(storage.sql, db, identity, this),
      // The alarm is the one thing of the object's a part asks for (the summary's flush).
      messages: new RoomMessages({
        storage,
        db,
        identity,
        sockets: this,
        bucket: () => this.env.FILES,
        wakeAt: (at) => this.wakeAt(at),
        pushQueue: () => this.env.PUSH_QUEUE,
      }),
      members: new RoomMembers(db, () => identity.id),
      presence: new RoomPresence(this, identity),
      personMessages: new PersonLimit(MESSAGES_PER_SECOND, MESSAGE_BURST),
      personJoins: newJoinLimit(),
      personHistory: newHistoryLimit(),
      security: new RoomSecurityLog(ctx, () => this.env, identity, this),
    };
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

  /**
   * RPC after the room was renamed in D1: every open chat gets the name (room-rename.ts), and
   * reads its room list again (roomChanged).
   */
  async roomRenamed(roomId: string) {
    if (!(await this.rename.renamed(roomId))) return;
    this.parts.presence.sendRoomData();
    this.roomChanged('name');
  }

  /**
   * RPC from the worker after a join through the API set someone's nickname here: their
   * sockets take it at once (nickname-change.ts), and the room hears the old name leave and
   * the new one arrive. Two renames at once may reach D1 in one order and the room in the
   * other, so the nickname is the one D1 holds now, as the last call to arrive read it: it
   * read after every rename whose call came before. With no membership in D1 the person was
   * removed since (a kick, their account's deletion), whose own call took them out of the
   * room: a rename arriving after it must not put them back among the members.
   */
  async membershipChanged(userId: string) {
    this.parts.gate.nicknameChanged(userId);
    const call = ++this.renameCallCount;
    this.renameCalls.set(userId, call);
    const nickname = await membershipNickname(this.parts.db(), this.parts.identity.id, userId);
    if (this.renameCalls.get(userId) !== call) return; // a later call's answer is newer
    this.renameCalls.delete(userId);
    if (nickname === null) return;
    this.parts.members.set(userId, nickname);
    this.parts.messages.seen.renamed(userId, nickname);
    const renamed = renameSockets(this.socketsOf(userId), userId, nickname);
    if (!renamed) return;
    this.parts.presence.changed({ kind: 'left', nickname: renamed.from, socket: renamed.socket });
    this.parts.presence.changed({ kind: 'joined', nickname, socket: renamed.socket });
  }

  /**
   * RPC from the worker after a kick (which bans): the room keeps the ban in its own storage,
   * drops the person's sends not stored yet and their recovery sessions, tells them, ends
   * their sockets and tells the room;
   * then it checks with D1 that no unban overtook this call (RoomGate.confirmKick).
   */
  async removeMember(userId: string, reason: string) {
    this.parts.gate.kicked(userId);
    this.parts.messages.discardFrom(userId);
    this.parts.members.remove(userId);
    this.parts.messages.seen.forget(userId);
    const nickname = removeSockets(this.socketsOf(userId), userId, reason);
    // Their live sockets' sessions ended with them; one that had dropped must not resume, once
    // they are let back in, as if never removed.
    this.forgetSessions(userId);
    if (nickname) {
      // The kicked person's sockets said no "has left": the room hears this instead, and not
      // a "has joined" of a moment ago that is still waiting for its batch.
      this.parts.presence.forget(nickname);
      const removed = notice(`${nickname} was removed from the room`);
      this.broadcast('message', [removed], { room: JOINED });
      this.parts.presence.sendRoomData();
    }
    await this.parts.gate.confirmKick(userId);
  }

  /**
   * RPC from the worker after the person left the room (not a ban): the room forgets them as a
   * member ('@' and nicknames), their sockets hear `reason` and close the usual way (the others
   * see them go from the online list, as when a tab closes), and a dropped socket's session
   * must not resume as if they were still in.
   */
  async memberLeft(userId: string, reason: string) {
    this.parts.gate.left(userId);
    this.parts.members.remove(userId);
    this.parts.messages.seen.forget(userId);
    closeMatching(this.socketsOf(userId), { userId }, reason);
    this.forgetSessions(userId);
  }

  /**
   * RPC after the room was handed to another member (rooms/hand-over-room.ts): the owner read
   * from D1 is forgotten, so the power to delete any message moves at once, and the room hears
   * who owns it now; its open chats read again who owns it (roomChanged). Nobody's sockets
   * change. May run twice (a retried call): the notice is then heard twice, which misleads
   * nobody, and the chats read once more.
   */
  async ownerChanged(nickname: string) {
    this.parts.members.forgetOwner();
    if (this.parts.identity.deleted) return;
    this.broadcast('message', [notice(newOwnerNotice(nickname))], { room: JOINED });
    this.roomChanged('owner');
  }

  /**
   * Tells the joined chats that what the API says of the room changed: each reads it again at
   * once rather than at its next poll. Logged, unlike roomData, so a tab that dropped for a
   * moment hears it on its recovery.
   */
  private roomChanged(what: RoomChange) {
    this.broadcast('roomChanged', [{ roomId: this.parts.identity.id, what }], { room: JOINED });
  }

  /**
   * RPC after the person changed 'Share when I have read messages': their open sockets take
   * it (in or out of SEEN, a sharer's with every position now), and their position is kept
   * from the others once they stop.
   */
  async readSharingChanged(userId: string, share: boolean) {
    this.parts.gate.readSharingChanged(userId, share);
    for (const socket of this.socketsOf(userId)) {
      socket.data.shareReads = share;
      socket.save();
      if (!socket.connected) continue;
      // A socket that left the room is still in SEEN (leaving drops JOINED only).
      if (!share) socket.leave(SEEN);
      else if (socket.data.nickname) this.parts.messages.seen.joined(socket);
    }
    if (!share) this.parts.messages.seen.forget(userId);
  }

  /** RPC from the upload route: a member's file, which their next message may carry. */
  async fileUploaded(upload: RoomUpload) {
    this.parts.messages.files.uploaded(upload);
  }

  /**
   * RPC (worker/push/message-route.ts): a stored message that is not deleted, for the service
   * worker's notification; null for one never sent, trimmed or deleted.
   */
  async messageForNotification(messageId: number): Promise<ChatMessage | null> {
    const found = this.parts.messages.store.find(messageId);
    return found && !found.message.deleted ? found.message : null;
  }

  /**
   * RPC from the private conversations' route (worker/direct/direct-routes.ts): the account that
   * wrote a stored message that is not deleted, so that its menu reaches its author whatever
   * nickname they have now; null for the moderator's, or one never sent, trimmed or deleted.
   */
  async authorOf(messageId: number): Promise<string | null> {
    const found = this.parts.messages.store.find(messageId);
    return found && !found.message.deleted ? found.userId : null;
  }

  /**
   * RPC from the search route (worker/rooms/search-route.ts), which checked the membership in
   * D1: the room's own ban list is checked too, as a socket's join is.
   */
  async searchMessages(userId: string, query: SearchQuery): Promise<SearchOutcome> {
    if (this.parts.identity.deleted || this.parts.gate.isBanned(userId)) {
      return { refused: 'not_found' };
    }
    this.search ??= new RoomSearch(this.ctx.storage);
    return this.search.answer(userId, query);
  }

  /** RPC from the worker when a ban is lifted (the membership is the API's to give back). */
  async unbanMember(userId: string): Promise<void> {
    this.parts.gate.unbanned(userId);
  }

  /**
   * RPC (close-sockets.ts): ends the sockets of a person, of one of their sessions or of an
   * address, after a logout, a password reset, an account's deletion or an address block.
   */
  async closeSockets(match: SocketMatch, reason: string): Promise<number> {
    this.parts.gate.sessionsEnded(match);
    // A deleted account's nickname is free for someone else: it names nobody in a mention,
    // and its read position goes, or whoever takes the nickname is shown as having read it.
    if ('userId' in match && match.accountDeleted) {
      this.parts.members.remove(match.userId);
      this.parts.messages.seen.forget(match.userId);
    }
    const sockets = 'userId' in match ? this.socketsOf(match.userId) : this.sockets('/', true);
    return closeMatching(sockets, match, reason);
  }

  /**
   * RPC: an administrator's broadcast. 'user' is stored and delivered as a message from
   * ChatModerator; the system types pass as notices plus an admin-broadcast event. One to
   * every room names its `broadcastId`, and a repeat of it delivers nothing.
   */
  async adminBroadcast(
    roomId: string,
    roomName: string,
    messageType: MessageType,
    html: string,
    broadcastId?: string,
  ) {
    this.parts.identity.remember(roomId, roomName);
    if (this.parts.identity.deleted) return; // listed for the broadcast before its deletion
    if (broadcastId !== undefined && !this.broadcastReceipts.take(broadcastId)) return;
    if (messageType === 'user') {
      await this.parts.messages.post(null, CHAT_MODERATOR, html).catch((error: unknown) => {
        if (broadcastId !== undefined) this.broadcastReceipts.giveBack(broadcastId);
        throw error;
      });
      return;
    }
    const message = moderatorNotice(html, messageType);
    this.broadcast('message', [message], { room: JOINED });
    this.broadcast('admin-broadcast', [{ message }], { room: JOINED });
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
