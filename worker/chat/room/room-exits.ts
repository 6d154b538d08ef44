/**
 * Sockets the server ends: a kick (removeMember), a session, account or address that lost its
 * access (closeSockets), the room's deletion. Each socket hears why first; the DISCONNECT
 * packet makes the client close and not reconnect, and the client shows the notice that came
 * just before it.
 */
import { notice } from '../messages/notice';
import type { SocketMatch } from '../../room-calls/room-rpc';
import { matches, type RoomSocket, type RoomSockets } from '../sockets/socket-state';

export function sayAndDisconnect(socket: RoomSocket, reason: string) {
  socket.emit('message', notice(reason));
  socket.disconnect(true);
}

/**
 * A kick: the person's sockets hear `reason` and close without the usual "has left" (the room
 * hears "was removed" instead). Answers the nickname they had joined under, if any.
 */
export function removeSockets(sockets: RoomSocket[], userId: string, reason: string) {
  const theirs = sockets.filter((socket) => socket.data.userId === userId);
  const nickname = theirs.find((socket) => socket.data.nickname)?.data.nickname ?? null;
  for (const socket of theirs) {
    socket.data.nickname = null;
    sayAndDisconnect(socket, reason);
  }
  return nickname;
}

/**
 * Lost access: the matching sockets hear `reason` and end the usual way (the room hears that
 * the person left unless another socket of theirs stays).
 */
export function closeMatching(sockets: RoomSocket[], match: SocketMatch, reason: string): number {
  const ended = sockets.filter((socket) => matches(socket.data, match));
  for (const socket of ended) sayAndDisconnect(socket, reason);
  return ended.length;
}

/** The sockets opened from a blocked address but its administrators' (closeMatching, `{ ip }`). */
export function closeAddress(sockets: RoomSockets, ip: string, reason: string): number {
  return closeMatching(sockets.sockets('/', true), { ip }, reason);
}

/** The room was deleted: every socket hears it and closes. */
export function endEveryone(sockets: RoomSocket[], roomId: string) {
  for (const socket of sockets) {
    socket.data.nickname = null;
    socket.emit('room-deleted', { roomId });
    socket.disconnect(true);
  }
}
