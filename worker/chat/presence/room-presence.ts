/**
 * Who is here, as the room tells it: the online list (roomData) and the "has joined" / "has
 * left" notices, batched (presence-batch.ts), and "is typing" (typing.ts). Read from the
 * sockets themselves (room-occupants.ts), so nothing is kept that could drift from them.
 */
import { PresenceBatch, presenceInterval, type PresenceEvent } from './presence-batch';
import { JOINED, type RoomSockets } from '../sockets/socket-state';
import { RoomOccupants } from './room-occupants';
import type { RoomSocket } from '../sockets/socket-state';
import { newTypingLimit } from './typing';

export class RoomPresence {
  private readonly occupants: RoomOccupants;
  private readonly batch: PresenceBatch;
  /** Each person's `typing` allowance across all their sockets (typing.ts). */
  private readonly typings = newTypingLimit();
  /** The online list as last sent to everyone joined (its JSON): a batch never resends it. */
  private listSent: string | null = null;
  /** Sockets that joined since the last batch: they get its list even when nobody else does. */
  private readonly arrivals = new Set<RoomSocket>();

  constructor(
    private readonly sockets: RoomSockets,
    /** Which room this is (room-identity.ts). */
    private readonly identity: {
      readonly id: string;
      readonly name: string;
      readonly deleted: boolean;
    },
  ) {
    this.occupants = new RoomOccupants(sockets);
    this.batch = new PresenceBatch(
      (notices) => {
        // News that was waiting as the room was deleted: nobody is left to hear it, and logged
        // it would stay in the deleted room's storage (its recovery log was emptied).
        if (this.identity.deleted) return this.arrivals.clear();
        this.sendChangedList();
        for (const { message, except } of notices) {
          this.sockets.broadcast('message', [message], { room: JOINED, except });
        }
      },
      () => presenceInterval(this.occupants.joinedCount()),
    );
  }

  /**
   * Someone joined or left (with a notice), or only the online list changed (without).
   * `arrived`: the socket that joined (or came back), which the batch's list must reach.
   */
  changed(change?: PresenceEvent, arrived?: RoomSocket) {
    if (arrived) this.arrivals.add(arrived);
    this.batch.changed(change);
  }

  /** The person was removed: their news still waiting is void (the room hears the removal). */
  forget(nickname: string) {
    this.batch.forget(nickname);
  }

  /** Whether the person has joined from another socket (another tab) too. */
  joinedElsewhere(userId: string, ws: WebSocket): boolean {
    return this.occupants.joinedElsewhere(userId, ws);
  }

  /** Whether another tab of the person lists them online under this nickname already. */
  listedElsewhereAs(userId: string, nickname: string, ws: WebSocket): boolean {
    return this.occupants.listedElsewhereAs(userId, nickname, ws);
  }

  /** How many sockets the person has open here. */
  socketsOf(userId: string): number {
    return this.occupants.socketsOf(userId);
  }

  /**
   * The online list, to everyone joined, now. Volatile (not in the recovery log): it is the
   * state, not news, and a recovered socket is sent the list as it is then (chat-room.ts
   * onConnect), so replaying the lists it missed would only show stale ones first. Logged, they
   * crowded out the news: in a room of 1,000 each list is about 25 KB, and under a minute of
   * comings and goings (a list every two seconds) filled the megabyte a replay carries.
   */
  sendRoomData(data = this.roomData(), json = JSON.stringify(data)) {
    this.listSent = json;
    this.sockets.broadcast('roomData', [data], { room: JOINED, volatile: true });
  }

  /**
   * A batch's list, to everyone only when it is not the one they have: a tab that left and
   * joined again within one batch (a reload, a room switch and back) leaves the list as it
   * was, and a room of 1,000 would get 25 MB for nothing. Its arrivals get it in any case.
   */
  private sendChangedList() {
    const arrivals = [...this.arrivals];
    this.arrivals.clear();
    const data = this.roomData();
    const json = JSON.stringify(data);
    if (json !== this.listSent) return this.sendRoomData(data, json);
    for (const socket of arrivals) {
      if (socket.connected && socket.rooms.includes(JOINED)) socket.emit('roomData', data);
    }
  }

  /**
   * The online list to this socket alone, now: it joined (another tab, a second join, a
   * recovery beside another tab) and the list did not change, so the others have it already.
   * Broadcast, each such join cost everyone the whole list (in a room of 1,000, 25 MB a join,
   * one a person could send every two seconds). Not logged for recovery, as the broadcast.
   */
  sendRoomDataTo(socket: RoomSocket) {
    socket.emit('roomData', this.roomData());
  }

  private roomData() {
    const users = this.occupants.onlineNicknames();
    return { room: this.identity.id, name: this.identity.name, users };
  }

  /** A volatile broadcast to the others joined, when there are any (typing.ts). */
  announceTyping(socket: RoomSocket) {
    const { userId, nickname } = socket.data;
    if (!nickname || !this.typings.take(userId)) return;
    const own = this.occupants.typingAudience(userId);
    if (!own) return;
    this.sockets.broadcast('typing', [{ nickname }], { room: JOINED, except: own, volatile: true });
  }
}
