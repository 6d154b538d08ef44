import { io, type Socket } from 'socket.io-client';
import {
  chatHistorySchema,
  chatMessageSchema,
  historyPageSchema,
  nicknameChangedSchema,
  nicknameInRoom,
  roomDataSchema,
  SOCKET_PATH,
  typingSchema,
  type ChatMessage,
  type ClientToServerEvents,
  type JoinPayload,
  type ServerToClientEvents,
} from '../../../../contract/realtime';
import { roomMessages } from '../../../../contract/rooms';
import { htmlToText } from '../utils/sanitize-html';
import {
  isSystemMessage,
  lastMessageIdOf,
  MAX_SHOWN_MESSAGES,
  mergeMessages,
} from '../utils/merge-messages';
import { refusalText } from '../utils/refusal-text';
import { showSystemNotice } from '../utils/show-system-notice';
import { OlderPages, oldestIdOf } from './older-pages';
import type { Outbox } from './outbox';
import { ACK_TIMEOUT_MS, outboxSender } from './outbox-sender';
import { RoomTickets } from './room-tickets';
import type { ChatError, ConnectionView, RoomConnection } from './connection-view';

type RoomSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

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
 * One Socket.IO connection to one room (spec point 4, 'Realtime chat'). After a drop the
 * client gets its session back (socket.recovered, the missed events replayed by the server) or
 * joins again with the last message it shows; typed messages wait in an outbox meanwhile.
 * The outbox is the room's, not the connection's: a rename opens a new connection, and what
 * waits goes on it (closing leaves the outbox alone; its owner answers it when the room goes).
 */
export function openRoomConnection(
  roomId: string,
  nickname: string,
  outbox: Outbox,
  view: ConnectionView,
): RoomConnection {
  // The list is read on every reconnect, so it lives outside React state as well.
  let shown: ChatMessage[] = [];
  /** Grows with the pages scrolled back to, so a live message does not drop them again. */
  let cap = MAX_SHOWN_MESSAGES;
  const olderPages = new OlderPages(view.setOlder);
  const show = (incoming: ChatMessage[]) => {
    const oldest = oldestIdOf(shown);
    shown = mergeMessages(shown, incoming, cap);
    // The list dropped its oldest: they can be scrolled back to.
    if (oldest !== undefined && oldestIdOf(shown) !== oldest) olderPages.hasOlder = true;
    view.setMessages(shown);
    outbox.listed(incoming.map((message) => message.id).filter((id) => typeof id === 'number'));
  };
  const isShown = (id: number) => shown.some((message) => message.id === id);

  let roomDeleted = false;
  /** Refused for good (not a member, banned, kicked...): no reconnecting. */
  let refused = false;
  /** Joined on this connection: sends may go. */
  let ready = false;
  /** The id the last join resumed after (undefined: a fresh join). */
  let resumedFrom: number | undefined;
  const setReady = (value: boolean) => {
    ready = value;
    view.setJoined(value);
  };
  let lastNotice: { text: string; at: number } | null = null;
  const fail = (kind: ChatError['kind'], message: string) => {
    if (kind === 'fatal') {
      refused = true;
      // Nothing waiting will be sent here: each text goes back to the box with the reason.
      outbox.dropAll(message);
    }
    view.setError((current) => (current?.kind === 'fatal' ? current : { kind, message }));
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

  const sender = outboxSender(socket, roomId, outbox, () => ready, isShown);
  const flush = sender.flush;

  socket.on('connect', () => {
    view.setConnectionState('connected');
    view.setError((current) => (current?.kind === 'connection' ? null : current));
    outbox.reconnected();
    // Recovered: the server kept the join and replays what was missed.
    if (socket.recovered) {
      setReady(true);
      return flush();
    }
    setReady(false);
    // Otherwise only what was missed comes back: history resumes after this id.
    const lastMessageId = lastMessageIdOf(shown);
    const payload: JoinPayload = { name: nickname, room: roomId };
    if (lastMessageId !== undefined) payload.lastMessageId = lastMessageId;
    resumedFrom = lastMessageId;
    socket.timeout(ACK_TIMEOUT_MS).emit('join', payload, (timedOut, ack) => {
      // A drop before the answer is not a refusal: the reconnect joins again.
      if (timedOut) {
        if (socket.connected) fail('fatal', 'The room did not answer. Please try again.');
      } else if (ack.error) {
        // Renamed on another device while this one kept the old name: take the room's.
        const known = nicknameInRoom(ack.error);
        const rename = view.handlers().onNicknameChanged;
        if (known && known !== nickname && rename) return rename(known);
        fail('fatal', refusalText(ack.error));
      } else {
        setReady(true);
        flush();
      }
    });
  });
  socket.on('connect_error', (problem) => {
    view.setConnectionState(socket.active ? 'reconnecting' : 'disconnected');
    // The worker's refusal ends the retries (socket.active is false): that is for the
    // dialog. A network problem is retried, and only the connection status shows it.
    if (socket.active) return fail('connection', problem.message);
    // Deleted while this tab (or the person) was away, as a deletion heard live; or an
    // address that names no room at all.
    if (problem.message === roomMessages.roomNotFound) {
      roomDeleted = true;
      return view.handlers().onRoomDeleted(ROOM_GONE_NOTICE);
    }
    fail('fatal', refusalText(problem.message));
  });
  socket.on('disconnect', (reason) => {
    setReady(false);
    view.setConnectionState(socket.active ? 'reconnecting' : 'disconnected');
    if (!socket.active) outbox.failAll(GAVE_UP);
    // The server ends a session on a kick (its notice came just before) or a deletion.
    if (reason === 'io server disconnect' && !roomDeleted) {
      // Shut out (a kick): who is online here is no longer theirs to see, or to trust.
      view.setRoomData(null);
      const recent = lastNotice && Date.now() - lastNotice.at < NOTICE_EXPLAINS_MS;
      fail('fatal', recent && lastNotice ? lastNotice.text : 'You have been disconnected.');
    }
  });
  socket.io.on('reconnect_failed', () => {
    view.setConnectionState('disconnected');
    outbox.failAll(GAVE_UP);
  });
  socket.on('chatHistory', (history, page) => {
    const parsed = chatHistorySchema.safeParse(history);
    const hasMore = historyPageSchema.safeParse(page).data?.hasMore ?? false;
    // A resumption further behind than one page leaves a gap: start again from this page,
    // with the rest to scroll back to.
    if (resumedFrom !== undefined && hasMore) shown = [];
    show(parsed.success ? parsed.data.filter((message) => !isSystemMessage(message)) : []);
    if (resumedFrom === undefined || hasMore) olderPages.hasOlder = hasMore;
    view.setHistoryLoaded(true);
  });
  socket.on('message', (raw) => {
    const parsed = chatMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    if (!isSystemMessage(message)) {
      view.handlers().onLiveMessage?.(message);
      return show([message]);
    }
    lastNotice = { text: htmlToText(message.text), at: Date.now() };
    showSystemNotice(message);
  });
  socket.on('roomData', (data) => {
    const parsed = roomDataSchema.safeParse(data);
    if (parsed.success) view.setRoomData(parsed.data);
  });
  socket.on('typing', (event) => {
    const parsed = typingSchema.safeParse(event);
    if (parsed.success) view.handlers().onTyping?.(parsed.data.nickname);
  });
  socket.on('nicknameChanged', (event) => {
    const parsed = nicknameChangedSchema.safeParse(event);
    if (parsed.success && parsed.data.nickname !== nickname) {
      view.handlers().onNicknameChanged?.(parsed.data.nickname);
    }
  });
  socket.on('admin-broadcast', (broadcast) => console.log('Admin broadcast', broadcast.message));
  socket.on('room-deleted', (event) => {
    if (event.roomId !== roomId) return;
    roomDeleted = true;
    view.handlers().onRoomDeleted();
  });

  return {
    outbox,
    flush,
    // Volatile: a signal while not joined is dropped rather than queued for the reconnect.
    signal: (signal) => {
      if (!ready || !socket.connected) return false;
      if (signal.event === 'typing') socket.volatile.emit('typing');
      else socket.volatile.emit('read', { messageId: signal.messageId });
      return true;
    },
    loadOlder: () => {
      if (!ready) return;
      olderPages.load(socket, oldestIdOf(shown), (page) => {
        shown = mergeMessages(shown, page, Number.POSITIVE_INFINITY);
        cap = Math.max(cap, shown.length);
        view.setMessages(shown);
      });
    },
    reconnect: () => {
      // (The socket stays 'active' after the manager gave up; only a refusal deactivates it.)
      if (refused || roomDeleted || socket.connected) return;
      view.setConnectionState('reconnecting');
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
