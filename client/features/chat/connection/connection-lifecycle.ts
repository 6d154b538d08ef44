import type { JoinPayload } from '../../../../contract/realtime';
import { ownEndingNotice } from '../../../lib/own-room-endings';
import { lastMessageIdOf } from '../utils/merge-messages';
import { refusalCodeOf, refusalText } from '../utils/refusal-text';
import { loadPins } from './load-pins';
import type { listenForChanges } from './message-changes';
import type { ChatError } from './room-state';
import { ACK_TIMEOUT_MS, GAVE_UP } from './socket-calls';
import type { OneConnection } from './socket-standing';

/** A notice this recent explains why the server ended the connection (e.g. a kick). */
const NOTICE_EXPLAINS_MS = 3000;
/** What /join says when the room the chat was opened on is not there. */
export const ROOM_GONE_NOTICE = 'This room does not exist, or was deleted.';

interface Joining {
  /** The signed-in account whose outbox this is: each join names it (see joinSchema). */
  account: string | undefined;
  changes: ReturnType<typeof listenForChanges>;
  /** Sends what waits in the outbox. */
  flush: () => void;
}

/**
 * The connection's own events: each connect joins (or, recovered, is joined already), and a
 * refusal, a drop or the server's end of the session is reported to the store, and to the
 * outbox, whose waiting texts go back to the box when nothing will send them.
 */
export function listenForConnection(connection: OneConnection, joining: Joining) {
  const { socket, roomId, nickname, room, outbox, list, standing } = connection;
  const { account, changes, flush } = joining;
  const setReady = (value: boolean) => {
    standing.ready = value;
    room.write({ joined: value });
  };
  const fail = (kind: ChatError['kind'], message: string) => {
    if (kind === 'fatal') {
      standing.refused = true;
      // Shut out (a kick, even one that happened while the connection was down and is only
      // heard as the reconnect's refusal, or a sign-out in another tab): who is online here,
      // what was said and what is pinned are no longer theirs to see, nor the next person's
      // at this screen, and nothing will keep them current.
      room.write({ roomData: null, messages: [], pins: [], seen: {}, typists: [] });
      // Nothing waiting will be sent here: each text goes back to the box with the reason.
      outbox.dropAll(message);
    }
    if (room.read().error?.kind !== 'fatal') room.write({ error: { kind, message } });
  };

  socket.on('connect', () => {
    room.write({ connectionState: 'connected' });
    if (room.read().error?.kind === 'connection') room.write({ error: null });
    outbox.reconnected();
    // Recovered: the server kept the join and replays what was missed.
    if (socket.recovered) {
      setReady(true);
      loadPins(socket, roomId, room);
      return flush();
    }
    setReady(false);
    // Otherwise only what was missed comes back: history resumes after this id.
    const lastMessageId = lastMessageIdOf(list.shown());
    const payload: JoinPayload = { name: nickname, room: roomId };
    if (lastMessageId !== undefined) payload.lastMessageId = lastMessageId;
    if (account !== undefined) payload.account = account;
    standing.resumedFrom = lastMessageId;
    changes.joining(lastMessageId === undefined);
    socket.timeout(ACK_TIMEOUT_MS).emit('join', payload, (timedOut, ack) => {
      // A drop before the answer is not a refusal: the reconnect joins again.
      if (timedOut) {
        if (socket.connected) fail('fatal', 'The room did not answer. Please try again.');
      } else if (ack.error) {
        // Renamed on another device while this one kept the old name: take the room's.
        const known = ack.code === 'in_room_as' ? ack.nickname : undefined;
        if (known && known !== nickname && room.renamed(known)) return;
        fail('fatal', refusalText(ack.code, ack.error));
      } else {
        setReady(true);
        loadPins(socket, roomId, room);
        flush();
      }
    });
  });
  socket.on('connect_error', (problem) => {
    room.write({ connectionState: socket.active ? 'reconnecting' : 'disconnected' });
    // The worker's refusal ends the retries (socket.active is false): that is for the
    // dialog. A network problem is retried, and only the connection status shows it.
    if (socket.active) return fail('connection', problem.message);
    // Deleted while this tab (or the person) was away, as a deletion heard live; or an
    // address that names no room at all.
    const code = refusalCodeOf(problem);
    if (code === 'room_not_found') {
      standing.roomDeleted = true;
      return room.roomDeleted(ROOM_GONE_NOTICE);
    }
    fail('fatal', refusalText(code, problem.message));
  });
  socket.on('disconnect', (reason) => {
    setReady(false);
    room.write({ connectionState: socket.active ? 'reconnecting' : 'disconnected' });
    if (!socket.active) outbox.failAll(GAVE_UP);
    // The server ends a session on a kick (its notice came just before) or a deletion.
    if (reason === 'io server disconnect' && !standing.roomDeleted) {
      // This tab is leaving the room: the server closed the socket for it, which is no error;
      // the screen goes where a deletion takes it.
      const ending = ownEndingNotice(roomId);
      if (ending) {
        standing.roomDeleted = true;
        return room.roomDeleted(ending);
      }
      const { lastNotice } = standing;
      const recent = lastNotice && Date.now() - lastNotice.at < NOTICE_EXPLAINS_MS;
      fail('fatal', recent && lastNotice ? lastNotice.text : 'You have been disconnected.');
    }
  });
  socket.io.on('reconnect_failed', () => {
    room.write({ connectionState: 'disconnected' });
    outbox.failAll(GAVE_UP);
  });
}
