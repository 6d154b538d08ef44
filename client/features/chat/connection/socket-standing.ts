import type { Outbox } from './outbox';
import type { RoomSink } from './room-state';
import type { ShownList } from './shown-list';
import type { RoomSocket } from './socket-calls';

/** What the parts of one room connection (room-socket.ts) share. */
export interface OneConnection {
  socket: RoomSocket;
  roomId: string;
  /** The nickname this connection joins under. */
  nickname: string;
  room: RoomSink;
  outbox: Outbox;
  list: ShownList;
  standing: SocketStanding;
}

/**
 * Where one room connection stands (room-socket.ts): written by the listeners that hear the
 * room, read by them and by the controls the screen calls.
 */
export interface SocketStanding {
  /** The room is gone (deleted, or left by this tab): no reconnecting. */
  roomDeleted: boolean;
  /** Refused for good (not a member, banned, kicked...): no reconnecting. */
  refused: boolean;
  /** Joined on this connection: sends may go. */
  ready: boolean;
  /** The id the last join resumed after (undefined: a fresh join). */
  resumedFrom: number | undefined;
  /** The room's last system notice: one this recent explains why it ended the connection. */
  lastNotice: { text: string; at: number } | null;
}

export const freshStanding = (): SocketStanding => ({
  roomDeleted: false,
  refused: false,
  ready: false,
  resumedFrom: undefined,
  lastNotice: null,
});
