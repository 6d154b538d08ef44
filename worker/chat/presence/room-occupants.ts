/**
 * Who is in a room, read from its sockets: the online list, a person's open sockets, whether a
 * person is joined from another tab. Presence and typing ask; nothing here sends. The room keys
 * its sockets by person (ChatRoom.socketKey), so a person's sockets are found without a walk.
 */
import { JOINED, type RoomSockets } from '../sockets/socket-state';

export class RoomOccupants {
  constructor(private readonly sockets: RoomSockets) {}

  /** How many sockets have joined the chat (presence's interval grows with it). */
  joinedCount(): number {
    return this.sockets.countIn(JOINED);
  }

  /** How many sockets the person has open here (every tab and device). */
  socketsOf(userId: string): number {
    return this.sockets.countOf(userId);
  }

  /** Whether the person has joined the room from another socket (another tab) too. */
  joinedElsewhere(userId: string, ws: WebSocket): boolean {
    for (const other of this.sockets.socketsOf(userId)) {
      if (other.ws !== ws && this.sockets.isIn(other.ws, JOINED)) return true;
    }
    return false;
  }

  /**
   * Whether another joined socket of the person (another tab) lists them online under this
   * nickname already: then this socket's join or leave leaves the online list as it was.
   */
  listedElsewhereAs(userId: string, nickname: string, ws: WebSocket): boolean {
    for (const other of this.sockets.socketsOf(userId)) {
      if (other.ws === ws || !this.sockets.isIn(other.ws, JOINED)) continue;
      if (other.data.nickname === nickname) return true;
    }
    return false;
  }

  /** Who is online: one entry per person, however many tabs they have open. */
  onlineNicknames(): { nickname: string }[] {
    const byUser = new Map<string, string>();
    this.sockets.forEachIn(JOINED, (data) => {
      if (data.nickname) byUser.set(data.userId, data.nickname);
    });
    return [...byUser.values()].sort().map((nickname) => ({ nickname }));
  }

  /**
   * Who must not hear a person's typing (their own sockets), or null when nobody else is
   * joined: then there is no one to tell. One walk over the joined sockets.
   */
  typingAudience(userId: string): WebSocket[] | null {
    const own: WebSocket[] = [];
    let others = false;
    this.sockets.forEachIn(JOINED, (data, ws) => {
      if (data.userId === userId) own.push(ws);
      else others = true;
    });
    return others ? own : null;
  }
}
