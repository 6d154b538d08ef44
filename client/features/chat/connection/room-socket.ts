import { io } from 'socket.io-client';
import {
  chatHistorySchema,
  chatMessageSchema,
  historyPageSchema,
  nicknameChangedSchema,
  roomChangedSchema,
  roomDataSchema,
  SOCKET_PATH,
  typingSchema,
  type ChatMessage,
  type JoinPayload,
} from '../../../../contract/realtime';
import { ownEndingNotice } from '../../../lib/own-room-endings';
import { htmlToText } from '../utils/sanitize-html';
import {
  isSystemMessage,
  lastMessageIdOf,
  MAX_SHOWN_MESSAGES,
  mergeMessages,
} from '../utils/merge-messages';
import { refusalCodeOf, refusalText } from '../utils/refusal-text';
import { showSystemNotice } from '../utils/show-system-notice';
import { loadPins } from './load-pins';
import { listenForChanges, sendAction } from './message-changes';
import { JumpPages, newestIdOf, type ReplacedList } from './jump-pages';
import { OlderPages, oldestIdOf } from './older-pages';
import type { Outbox } from './outbox';
import { outboxSender } from './outbox-sender';
import { ACK_TIMEOUT_MS, type RoomSocket } from './socket-calls';
import { RoomTickets } from './room-tickets';
import type { ChatError, ConnectionControls, RoomSink } from './room-state';

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
/** A notice this recent explains why the server ended the connection (e.g. a kick). */
const NOTICE_EXPLAINS_MS = 3000;
export const GAVE_UP = 'Not connected to the room.';
/** What /join says when the room the chat was opened on is not there. */
export const ROOM_GONE_NOTICE = 'This room does not exist, or was deleted.';

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
  const shown = () => room.read().messages;
  /** Grows with the pages scrolled back to, so a live message does not drop them again. */
  let cap = MAX_SHOWN_MESSAGES;
  const olderPages = new OlderPages((older) => room.write(older));
  const jumpPages = new JumpPages((newer) => room.write(newer));
  /** A jump's page (or the newest again) in place of the list. */
  const replaceList = (list: ReplacedList) => {
    cap = MAX_SHOWN_MESSAGES;
    const messages = list.messages.filter((message) => !isSystemMessage(message));
    room.write({ messages });
    olderPages.hasOlder = list.hasOlder;
    outbox.listed(messages.map((message) => message.id).filter((id) => typeof id === 'number'));
  };
  const show = (incoming: ChatMessage[], from = shown()) => {
    const oldest = oldestIdOf(from);
    const messages = mergeMessages(from, incoming, cap);
    // The list dropped its oldest: they can be scrolled back to.
    if (oldest !== undefined && oldestIdOf(messages) !== oldest) olderPages.hasOlder = true;
    room.write({ messages });
    outbox.listed(incoming.map((message) => message.id).filter((id) => typeof id === 'number'));
  };
  const isShown = (id: number) => shown().some((message) => message.id === id);

  let roomDeleted = false;
  /** Refused for good (not a member, banned, kicked...): no reconnecting. */
  let refused = false;
  /** Joined on this connection: sends may go. */
  let ready = false;
  /** The id the last join resumed after (undefined: a fresh join). */
  let resumedFrom: number | undefined;
  const setReady = (value: boolean) => {
    ready = value;
    room.write({ joined: value });
  };
  let lastNotice: { text: string; at: number } | null = null;
  const fail = (kind: ChatError['kind'], message: string) => {
    if (kind === 'fatal') {
      refused = true;
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

  const socket: RoomSocket = io(window.location.origin, {
    ...SOCKET_OPTIONS,
    query: { room: roomId },
    autoConnect: false,
  });
  // A ticket first, then the connect; a drop readies a fresh one for the reconnects.
  const tickets = new RoomTickets(socket, roomId);
  void tickets.ensure().then(() => tickets.active && socket.connect());
  socket.on('disconnect', () => void tickets.ensure());
  socket.io.on('reconnect_attempt', () => void tickets.ensure());

  const changes = listenForChanges(socket, roomId, room);
  const sender = outboxSender(socket, roomId, outbox, () => ready, isShown);
  const flush = sender.flush;

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
    const lastMessageId = lastMessageIdOf(shown());
    const payload: JoinPayload = { name: nickname, room: roomId };
    if (lastMessageId !== undefined) payload.lastMessageId = lastMessageId;
    if (account !== undefined) payload.account = account;
    resumedFrom = lastMessageId;
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
      roomDeleted = true;
      return room.roomDeleted(ROOM_GONE_NOTICE);
    }
    fail('fatal', refusalText(code, problem.message));
  });
  socket.on('disconnect', (reason) => {
    setReady(false);
    room.write({ connectionState: socket.active ? 'reconnecting' : 'disconnected' });
    if (!socket.active) outbox.failAll(GAVE_UP);
    // The server ends a session on a kick (its notice came just before) or a deletion.
    if (reason === 'io server disconnect' && !roomDeleted) {
      // This tab is leaving the room: the server closed the socket for it, which is no error;
      // the screen goes where a deletion takes it.
      const ending = ownEndingNotice(roomId);
      if (ending) {
        roomDeleted = true;
        return room.roomDeleted(ending);
      }
      const recent = lastNotice && Date.now() - lastNotice.at < NOTICE_EXPLAINS_MS;
      fail('fatal', recent && lastNotice ? lastNotice.text : 'You have been disconnected.');
    }
  });
  socket.io.on('reconnect_failed', () => {
    room.write({ connectionState: 'disconnected' });
    outbox.failAll(GAVE_UP);
  });
  socket.on('chatHistory', (history, page) => {
    const parsed = chatHistorySchema.safeParse(history);
    const hasMore = historyPageSchema.safeParse(page).data?.hasMore ?? false;
    // A resumption further behind than one page leaves a gap: start again from this page,
    // with the rest to scroll back to.
    const from = resumedFrom !== undefined && hasMore ? [] : shown();
    show(parsed.success ? parsed.data.filter((message) => !isSystemMessage(message)) : [], from);
    if (resumedFrom === undefined || hasMore) olderPages.hasOlder = hasMore;
    // Whatever page of the past was shown, the list now reaches the present.
    jumpPages.attached();
    room.write({ historyLoaded: true });
  });
  socket.on('message', (raw) => {
    const parsed = chatMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    if (!isSystemMessage(message)) {
      room.liveMessage(message);
      // Showing the past: it would land after a gap. It waits on the server, where the pages
      // towards the present (or a jump to the latest) will find it.
      if (jumpPages.detached) return;
      return show([message]);
    }
    lastNotice = { text: htmlToText(message.text), at: Date.now() };
    showSystemNotice(message);
  });
  socket.on('roomData', (data) => {
    const parsed = roomDataSchema.safeParse(data);
    if (!parsed.success) return;
    room.write({ roomData: parsed.data });
    room.online(parsed.data.users.map((user) => user.nickname));
  });
  socket.on('typing', (event) => {
    const parsed = typingSchema.safeParse(event);
    if (parsed.success) room.heardTyping(parsed.data.nickname);
  });
  socket.on('nicknameChanged', (event) => {
    const parsed = nicknameChangedSchema.safeParse(event);
    if (parsed.success && parsed.data.nickname !== nickname) room.renamed(parsed.data.nickname);
  });
  socket.on('admin-broadcast', (broadcast) => console.log('Admin broadcast', broadcast.message));
  socket.on('roomChanged', (event) => {
    const parsed = roomChangedSchema.safeParse(event);
    if (parsed.success && parsed.data.roomId === roomId) room.roomChanged(parsed.data.what);
  });
  socket.on('room-deleted', (event) => {
    if (event.roomId !== roomId) return;
    roomDeleted = true;
    room.roomDeleted();
  });

  return {
    flush,
    // Volatile: a signal while not joined is dropped rather than queued for the reconnect.
    signal: (signal) => {
      if (!ready || !socket.connected) return false;
      if (signal.event === 'typing') socket.volatile.emit('typing');
      else socket.volatile.emit('read', { messageId: signal.messageId });
      return true;
    },
    loadOlder: (limit) => {
      if (!ready) return;
      const generation = jumpPages.generation;
      const add = (page: ChatMessage[]) => {
        if (generation !== jumpPages.generation) return;
        const messages = mergeMessages(shown(), page, Number.POSITIVE_INFINITY);
        cap = Math.max(cap, messages.length);
        room.write({ messages });
      };
      olderPages.load(socket, oldestIdOf(shown()), add, limit);
    },
    loadNewer: () => {
      if (!ready) return;
      jumpPages.loadNewer(socket, newestIdOf(shown()), (page) => {
        const messages = mergeMessages(shown(), page, Number.POSITIVE_INFINITY);
        cap = Math.max(cap, messages.length);
        room.write({ messages });
      });
    },
    loadAround: async (messageId) => {
      if (isShown(messageId)) return 'shown';
      if (!ready) return 'failed';
      return jumpPages.around(socket, messageId, replaceList);
    },
    jumpToLatest: () => (ready ? jumpPages.latest(socket, replaceList) : Promise.resolve()),
    act: (action) =>
      ready && socket.connected
        ? sendAction(socket, roomId, action)
        : Promise.resolve({ ok: false, error: GAVE_UP }),
    reconnect: () => {
      // (The socket stays 'active' after the manager gave up; only a refusal deactivates it.)
      if (refused || roomDeleted || socket.connected) return;
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
