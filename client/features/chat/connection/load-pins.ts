import { loadPinsAckSchema } from '../../../../contract/pins';
import type { RoomSink } from './room-state';
import { ACK_TIMEOUT_MS, PAGE_RETRY_MS, type RoomSocket } from './socket-calls';

/**
 * Asks the room for its pins once joined (they are not part of the join, which must stay
 * cheap for the server), and again after each reconnect; the `pins` events keep them current
 * meanwhile. A refusal (too many requests) or no answer asks once more a little later, while
 * the socket is still connected; the list shown stays as it was.
 */
export function loadPins(socket: RoomSocket, roomId: string, room: RoomSink, retry = true) {
  socket.timeout(ACK_TIMEOUT_MS).emit('loadPins', { roomId }, (timedOut, ack) => {
    const parsed = timedOut ? null : loadPinsAckSchema.safeParse(ack);
    if (parsed?.success) return room.write({ pins: parsed.data.pins });
    if (!retry) return;
    setTimeout(() => {
      if (socket.connected) loadPins(socket, roomId, room, false);
    }, PAGE_RETRY_MS);
  });
}
