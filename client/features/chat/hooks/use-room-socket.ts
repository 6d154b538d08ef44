import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  type ChatMessage,
  type ClientToServerEvents,
  type JoinPayload,
  type RoomData,
  type ServerToClientEvents,
} from '../../../../contract/realtime';
import { htmlToText } from '../utils/sanitize-html';
import { isSystemMessage, lastMessageIdOf, mergeMessages } from '../utils/merge-messages';
import { showErrorToast, showSystemNotice } from '../utils/show-system-notice';

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
/** No acknowledgement is awaited for ever. */
const ACK_TIMEOUT_MS = 10_000;
/** A notice this recent explains why the server ended the connection (e.g. a kick). */
const NOTICE_EXPLAINS_MS = 3000;

/** A problem the dialog shows: a connection one clears itself once a reconnect succeeds. */
export interface ChatError {
  kind: 'connection' | 'fatal';
  message: string;
}

interface Options {
  roomId: string;
  nickname: string;
  /** False until the session has loaded and a user exists. */
  enabled: boolean;
  onRoomDeleted: () => void;
}

/** One Socket.IO connection to one room (spec point 4, 'Realtime chat'). */
export function useRoomSocket({ roomId, nickname, enabled, onRoomDeleted }: Options) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [historyLoaded, setHistoryLoaded] = useState(false);
  const [connected, setConnected] = useState(false);
  const [roomData, setRoomData] = useState<RoomData | null>(null);
  const [error, setError] = useState<ChatError | null>(null);
  const socketRef = useRef<RoomSocket | null>(null);
  const onRoomDeletedRef = useRef(onRoomDeleted);
  useEffect(() => {
    onRoomDeletedRef.current = onRoomDeleted;
  });

  useEffect(() => {
    if (!enabled) return;
    // The list is read on every reconnect, so it lives outside React state as well.
    let shown: ChatMessage[] = [];
    const show = (incoming: ChatMessage[]) => {
      shown = mergeMessages(shown, incoming);
      setMessages(shown);
    };
    setMessages([]);
    setHistoryLoaded(false);
    setConnected(false);
    setRoomData(null);
    setError(null);

    let roomDeleted = false;
    let lastNotice: { text: string; at: number } | null = null;
    const fail = (kind: ChatError['kind'], message: string) =>
      setError((current) => (current?.kind === 'fatal' ? current : { kind, message }));

    const socket: RoomSocket = io(window.location.origin, {
      ...SOCKET_OPTIONS,
      query: { room: roomId },
    });
    socketRef.current = socket;

    socket.on('connect', () => {
      setConnected(true);
      setError((current) => (current?.kind === 'connection' ? null : current));
      // After a reconnect only what was missed comes back: history resumes after this id.
      const lastMessageId = lastMessageIdOf(shown);
      const payload: JoinPayload = { name: nickname, room: roomId };
      if (lastMessageId !== undefined) payload.lastMessageId = lastMessageId;
      socket.timeout(ACK_TIMEOUT_MS).emit('join', payload, (timedOut, ack) => {
        // A drop before the answer is not a refusal: the reconnect joins again.
        if (timedOut) {
          if (socket.connected) fail('fatal', 'The room did not answer. Please try again.');
        } else if (ack.error) fail('fatal', ack.error);
      });
    });
    socket.on('connect_error', (problem) => {
      setConnected(false);
      fail('connection', problem.message);
    });
    socket.on('disconnect', (reason) => {
      setConnected(false);
      // The server ends a session on a kick (its notice came just before) or a deletion.
      if (reason === 'io server disconnect' && !roomDeleted) {
        const recent = lastNotice && Date.now() - lastNotice.at < NOTICE_EXPLAINS_MS;
        fail('fatal', recent && lastNotice ? lastNotice.text : 'You have been disconnected.');
      }
    });
    socket.on('chatHistory', (history) => {
      show(Array.isArray(history) ? history.filter((message) => !isSystemMessage(message)) : []);
      setHistoryLoaded(true);
    });
    socket.on('message', (message) => {
      if (!isSystemMessage(message)) return show([message]);
      lastNotice = { text: htmlToText(message.text), at: Date.now() };
      showSystemNotice(message);
    });
    socket.on('roomData', setRoomData);
    socket.on('admin-broadcast', (broadcast) => console.log('Admin broadcast', broadcast.message));
    socket.on('room-deleted', (event) => {
      if (event.roomId !== roomId) return;
      roomDeleted = true;
      onRoomDeletedRef.current();
    });

    return () => {
      socket.off();
      if (socket.connected) socket.emit('leave', { room: roomId }, () => {});
      socket.disconnect();
      socketRef.current = null;
    };
  }, [roomId, nickname, enabled]);

  /** Sends a message; a refusal comes back in the acknowledgement and shows as a toast. */
  const sendMessage = useCallback(
    (text: string) => {
      const socket = socketRef.current;
      if (!socket) return showErrorToast('Not connected to the room.');
      socket.timeout(ACK_TIMEOUT_MS).emit('sendMessage', { text, roomId }, (timedOut, ack) => {
        if (timedOut) showErrorToast('The message could not be sent. Please try again.');
        else if (ack.error) showErrorToast(ack.error);
      });
    },
    [roomId],
  );

  return { messages, historyLoaded, connected, roomData, error, sendMessage };
}
