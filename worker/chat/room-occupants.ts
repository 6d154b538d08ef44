/**
 * Who is in a room, read from its sockets: the online list, a person's open sockets, whether a
 * person is joined from another tab. Presence and typing ask; nothing here sends. The room keys
 * its sockets by person (ChatRoom.socketKey), so a person's sockets are found without a walk.
 */
import type { Registry } from '../socket-io';
import type { SocketState } from './socket-state';

/** The Socket.IO room of the sockets that joined the chat (the ones broadcasts reach). */
export const JOINED = 'joined';

export class RoomOccupants {
  constructor(private readonly sockets: Registry<SocketState>) {}

  /** How many sockets have joined the chat (presence's interval grows with it). */
  joinedCount(): number {
    return this.sockets.inRoom('/', JOINED).size;
  }

  /** How many sockets the person has open here (every tab and device). */
  socketsOf(userId: string): number {
    return this.sockets.withKey(userId).size;
  }

  /** Whether the person has joined the room from another socket (another tab) too. */
  joinedElsewhere(userId: string, ws: WebSocket): boolean {
    const joined = this.sockets.inRoom('/', JOINED);
    for (const other of this.sockets.withKey(userId)) {
      if (other !== ws && joined.has(other)) return true;
    }
    return false;
  }

  /** Who is online: one entry per person, however many tabs they have open. */
  onlineNicknames(): { nickname: string }[] {
    const byUser = new Map<string, string>();
    for (const ws of this.sockets.inRoom('/', JOINED)) {
      const data = this.sockets.get(ws)?.data;
      if (data?.nickname) byUser.set(data.userId, data.nickname);
    }
    return [...byUser.values()].sort().map((nickname) => ({ nickname }));
  }

  /** Every joined socket with its person (typing.ts picks the audience from it). */
  joinedPeople(): { ws: WebSocket; userId: string }[] {
    return [...this.sockets.inRoom('/', JOINED)].map((ws) => ({
      ws,
      userId: this.sockets.get(ws)?.data.userId ?? '',
    }));
  }
}
