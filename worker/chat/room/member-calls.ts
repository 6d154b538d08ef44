/**
 * What the worker tells a room of one person (ChatRoom's RPCs of the same names): a nickname
 * set through the API, a kick and an unban, a leave, a change of read sharing, and sessions,
 * an account or an address that lost their access. D1 has changed before each call; the room
 * brings its own state (gate, members, read positions) and the person's sockets in line.
 */
import type { SocketMatch } from '../../room-calls/room-rpc';
import { notice } from '../messages/notice';
import { SEEN } from '../messages/seen-positions';
import { JOINED, type RoomSockets } from '../sockets/socket-state';
import { membershipNickname, renameSockets } from './nickname-change';
import { closeMatching, removeSockets } from './room-exits';
import type { RoomParts } from './room-parts';

export class MemberCalls {
  /** Per person, the latest rename call in flight (membershipChanged). */
  private readonly renameCalls = new Map<string, number>();
  private renameCallCount = 0;

  constructor(
    private readonly parts: RoomParts,
    private readonly room: RoomSockets,
    /**
     * Forgets the person's recovery sessions, live or ended (SocketIoServer.forgetSessions): a
     * callback, not a method of the object, whose public methods are all RPCs.
     */
    private readonly forgetSessionsOf: (userId: string) => void,
  ) {}

  /**
   * After a join through the API set someone's nickname here: their sockets take it at once
   * (nickname-change.ts), and the room hears the old name leave and the new one arrive. Two
   * renames at once may reach D1 in one order and the room in the other, so the nickname is the
   * one D1 holds now, as the last call to arrive read it: it read after every rename whose call
   * came before. With no membership in D1 the person was removed since (a kick, their
   * account's deletion), whose own call took them out of the room: a rename arriving after it
   * must not put them back among the members.
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
    const renamed = renameSockets(this.room.socketsOf(userId), userId, nickname);
    if (!renamed) return;
    this.parts.presence.changed({ kind: 'left', nickname: renamed.from, socket: renamed.socket });
    this.parts.presence.changed({ kind: 'joined', nickname, socket: renamed.socket });
  }

  /**
   * After a kick (which bans): the room keeps the ban in its own storage, drops the person's
   * sends not stored yet and their recovery sessions, tells them, ends their sockets and tells
   * the room; then it checks with D1 that no unban overtook this call (RoomGate.confirmKick).
   */
  async removeMember(userId: string, reason: string) {
    this.parts.gate.kicked(userId);
    this.parts.messages.discardFrom(userId);
    this.parts.members.remove(userId);
    this.parts.messages.seen.forget(userId);
    const nickname = removeSockets(this.room.socketsOf(userId), userId, reason);
    // Their live sockets' sessions ended with them; one that had dropped must not resume, once
    // they are let back in, as if never removed.
    this.forgetSessionsOf(userId);
    if (nickname) {
      // The kicked person's sockets said no "has left": the room hears this instead, and not
      // a "has joined" of a moment ago that is still waiting for its batch.
      this.parts.presence.forget(nickname);
      const removed = notice(`${nickname} was removed from the room`);
      this.room.broadcast('message', [removed], { room: JOINED });
      this.parts.presence.sendRoomData();
    }
    await this.parts.gate.confirmKick(userId);
  }

  /**
   * After the person left the room (not a ban): the room forgets them as a member ('@' and
   * nicknames), their sockets hear `reason` and close the usual way (the others see them go
   * from the online list, as when a tab closes), and a dropped socket's session must not
   * resume as if they were still in.
   */
  memberLeft(userId: string, reason: string) {
    this.parts.gate.left(userId);
    this.parts.members.remove(userId);
    this.parts.messages.seen.forget(userId);
    closeMatching(this.room.socketsOf(userId), { userId }, reason);
    this.forgetSessionsOf(userId);
  }

  /**
   * After the person changed 'Share when I have read messages': their open sockets take it
   * (in or out of SEEN, a sharer's with every position now), and their position is kept from
   * the others once they stop.
   */
  readSharingChanged(userId: string, share: boolean) {
    this.parts.gate.readSharingChanged(userId, share);
    for (const socket of this.room.socketsOf(userId)) {
      socket.data.shareReads = share;
      socket.save();
      if (!socket.connected) continue;
      // A socket that left the room is still in SEEN (leaving drops JOINED only).
      if (!share) socket.leave(SEEN);
      else if (socket.data.nickname) this.parts.messages.seen.joined(socket);
    }
    if (!share) this.parts.messages.seen.forget(userId);
  }

  /**
   * Ends the sockets of a person, of one of their sessions or of an address, after a logout, a
   * password reset, an account's deletion or an address block (close-sockets.ts).
   */
  closeSockets(match: SocketMatch, reason: string): number {
    this.parts.gate.sessionsEnded(match);
    // A deleted account's nickname is free for someone else: it names nobody in a mention,
    // and its read position goes, or whoever takes the nickname is shown as having read it.
    if ('userId' in match && match.accountDeleted) {
      this.parts.members.remove(match.userId);
      this.parts.messages.seen.forget(match.userId);
    }
    const sockets =
      'userId' in match ? this.room.socketsOf(match.userId) : this.room.sockets('/', true);
    return closeMatching(sockets, match, reason);
  }
}
