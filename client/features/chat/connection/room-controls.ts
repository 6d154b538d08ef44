import type { ChatMessage } from '../../../../contract/realtime';
import { sendAction } from './message-changes';
import { newestIdOf } from './jump-pages';
import { oldestIdOf } from './older-pages';
import type { OutboxSender } from './outbox-sender';
import type { RoomTickets } from './room-tickets';
import type { ConnectionControls } from './room-state';
import { GAVE_UP } from './socket-calls';
import type { OneConnection } from './socket-standing';

/**
 * What the store asks of one connection (ConnectionControls): send, signal, page, jump, act,
 * reconnect, close. Each does nothing (or answers it failed) while the room is not joined.
 */
export function roomControls(
  connection: OneConnection,
  sender: OutboxSender,
  tickets: RoomTickets,
): ConnectionControls {
  const { socket, roomId, room, list, standing } = connection;
  const { olderPages, jumpPages } = list;
  return {
    flush: sender.flush,
    // Volatile: a signal while not joined is dropped rather than queued for the reconnect.
    signal: (signal) => {
      if (!standing.ready || !socket.connected) return false;
      if (signal.event === 'typing') socket.volatile.emit('typing');
      else socket.volatile.emit('read', { messageId: signal.messageId });
      return true;
    },
    loadOlder: (limit) => {
      if (!standing.ready) return;
      const generation = jumpPages.generation;
      const add = (page: ChatMessage[]) => {
        if (generation === jumpPages.generation) list.addPage(page);
      };
      olderPages.load(socket, oldestIdOf(list.shown()), add, limit);
    },
    loadNewer: () => {
      if (!standing.ready) return;
      jumpPages.loadNewer(socket, newestIdOf(list.shown()), list.addPage);
    },
    loadAround: async (messageId) => {
      if (list.isShown(messageId)) return 'shown';
      if (!standing.ready) return 'failed';
      return jumpPages.around(socket, messageId, list.replaceList);
    },
    jumpToLatest: () =>
      standing.ready ? jumpPages.latest(socket, list.replaceList) : Promise.resolve(),
    act: (action) =>
      standing.ready && socket.connected
        ? sendAction(socket, roomId, action)
        : Promise.resolve({ ok: false, error: GAVE_UP }),
    reconnect: () => {
      // (The socket stays 'active' after the manager gave up; only a refusal deactivates it.)
      if (standing.refused || standing.roomDeleted || socket.connected) return;
      room.write({ connectionState: 'reconnecting' });
      socket.connect();
    },
    close: () => {
      sender.stop();
      socket.off();
      socket.io.off('reconnect_failed');
      socket.io.off('reconnect_attempt');
      tickets.stop();
      if (socket.connected) socket.emit('leave', { room: roomId }, () => {});
      socket.disconnect();
    },
  };
}
