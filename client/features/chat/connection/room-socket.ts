import { io } from 'socket.io-client';
import { SOCKET_PATH } from '../../../../contract/realtime';
import { listenForConnection } from './connection-lifecycle';
import { listenForChanges } from './message-changes';
import type { Outbox } from './outbox';
import { outboxSender } from './outbox-sender';
import { listenForBroadcasts } from './room-broadcasts';
import { roomControls } from './room-controls';
import type { ConnectionControls, RoomSink } from './room-state';
import { RoomTickets } from './room-tickets';
import { shownList } from './shown-list';
import type { RoomSocket } from './socket-calls';
import { freshStanding, type OneConnection } from './socket-standing';

/** Spec point 9's connection settings; the room id travels in the handshake. */
const SOCKET_OPTIONS = {
  path: SOCKET_PATH,
  transports: ['websocket'],
  withCredentials: true,
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
};

/**
 * One Socket.IO connection to one room (spec point 4, 'Realtime chat'), reporting into its
 * store (room-connection-store.ts) through `room`. After a drop the client gets its session
 * back (socket.recovered, the missed events replayed by the server) or joins again with the
 * last message it shows; typed messages wait in an outbox meanwhile. The outbox is the room's,
 * not the connection's: a rename opens a new connection, and what waits goes on it (closing
 * leaves the outbox alone; its owner answers it when the room goes).
 */
export function openRoomSocket(
  roomId: string,
  nickname: string,
  outbox: Outbox,
  room: RoomSink,
  /** The signed-in account whose outbox this is: each join names it (see joinSchema). */
  account?: string,
): ConnectionControls {
  const socket: RoomSocket = io(window.location.origin, {
    ...SOCKET_OPTIONS,
    query: { room: roomId },
    autoConnect: false,
  });
  const list = shownList(room, outbox);
  const standing = freshStanding();
  const connection: OneConnection = { socket, roomId, nickname, room, outbox, list, standing };
  // A ticket first, then the connect; a drop readies a fresh one for the reconnects.
  const tickets = new RoomTickets(socket, roomId);
  void tickets.ensure().then(() => tickets.active && socket.connect());
  socket.on('disconnect', () => void tickets.ensure());
  socket.io.on('reconnect_attempt', () => void tickets.ensure());

  const changes = listenForChanges(socket, roomId, room);
  const sender = outboxSender(socket, roomId, outbox, () => standing.ready, list.isShown);
  listenForConnection(connection, { account, changes, flush: sender.flush });
  listenForBroadcasts(connection);
  return roomControls(connection, sender, tickets);
}
