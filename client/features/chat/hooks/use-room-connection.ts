import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, RoomData } from '../../../../contract/realtime';
import type { OlderState } from './older-pages';
import { Outbox, type PendingEntry, type SendResult } from './outbox';
import type { ChatError, ConnectionState, RoomConnection, Signal } from './connection-view';
import { GAVE_UP, openRoomConnection } from './room-connection';
import { useReconnectTriggers } from './use-reconnect-triggers';

export type { ChatError, ConnectionState, PendingEntry, SendResult, Signal };

interface Options {
  roomId: string;
  nickname: string;
  /** False until the session has loaded and a user exists. */
  enabled: boolean;
  onRoomDeleted: (notice?: string) => void;
  /** Someone else in the room is typing (their room nickname). */
  onTyping?: (nickname: string) => void;
  /** A person's message arrived live (not history): notifications, the typing line. */
  onLiveMessage?: (message: ChatMessage) => void;
  /** The person took another nickname in this room (in another tab): this tab takes it too. */
  onNicknameChanged?: (nickname: string) => void;
}

/** The chat screen's view of its room connection (room-connection.ts), as React state. */
export function useRoomSocket(options: Options) {
  const { roomId, nickname, enabled } = options;
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [historyLoaded, setHistoryLoaded] = useState(false);
  const [connectionState, setConnectionState] = useState<ConnectionState>('connecting');
  const [roomData, setRoomData] = useState<RoomData | null>(null);
  const [error, setError] = useState<ChatError | null>(null);
  const [pending, setPending] = useState<PendingEntry[]>([]);
  const [older, setOlder] = useState<OlderState>({ hasOlder: false, loadingOlder: false });
  /** Joined on the current connection (a `read` is only heard then). */
  const [joined, setJoined] = useState(false);
  const connectionRef = useRef<RoomConnection | null>(null);
  const handlersRef = useRef(options);
  useEffect(() => {
    handlersRef.current = options;
  });

  // Another room or nickname is a new connection: its screen starts empty (React's way to
  // reset state when props change, during render rather than in the effect). The messages
  // waiting to be sent stay: they are the room's, and a rename sends them under the new name.
  const connectionKey = `${roomId}\n${nickname}\n${enabled}`;
  const [stateFor, setStateFor] = useState(connectionKey);
  if (stateFor !== connectionKey) {
    setStateFor(connectionKey);
    setMessages([]);
    setHistoryLoaded(false);
    setConnectionState('connecting');
    setRoomData(null);
    setError(null);
    setOlder({ hasOlder: false, loadingOlder: false });
    setJoined(false);
  }

  // One outbox per room (and session): a new connection under another nickname takes it over.
  // (Declared before the connection's effect, so it runs first.)
  const outboxRef = useRef<Outbox | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const roomOutbox = new Outbox(setPending);
    outboxRef.current = roomOutbox;
    return () => {
      outboxRef.current = null;
      // The room is left: every waiting send is answered, so its text goes back to the box.
      roomOutbox.dropAll(GAVE_UP);
    };
  }, [roomId, enabled]);

  useEffect(() => {
    const outbox = outboxRef.current;
    if (!enabled || !outbox) return;
    const connection = openRoomConnection(roomId, nickname, outbox, {
      setMessages,
      setHistoryLoaded,
      setConnectionState,
      setRoomData,
      setError,
      setPending,
      setOlder,
      setJoined,
      handlers: () => handlersRef.current,
    });
    connectionRef.current = connection;
    return () => {
      connectionRef.current = null;
      connection.close();
    };
  }, [roomId, nickname, enabled]);

  /**
   * Sends a message: shown as pending until the room stores it (ok), and sent (again) on every
   * reconnect until then. A refusal resolves with its error, so the form can keep the text.
   */
  const send = useCallback((text: string): Promise<SendResult> => {
    const connection = connectionRef.current;
    if (!connection) return Promise.resolve({ ok: false, error: GAVE_UP });
    const { result } = connection.outbox.add(text);
    connection.flush();
    return result;
  }, []);

  /** Sends `read` or `typing` if joined now; false when it was dropped. */
  const signal = useCallback((value: Signal) => connectionRef.current?.signal(value) ?? false, []);
  /** Loads the page of messages before the oldest shown (scrolling back). */
  const loadOlder = useCallback(() => connectionRef.current?.loadOlder(), []);
  /** Connects again after the reconnection attempts ran out (a refusal stays refused). */
  const reconnect = useCallback(() => connectionRef.current?.reconnect(), []);
  useReconnectTriggers(connectionState === 'disconnected' && error?.kind !== 'fatal', reconnect);

  const connected = connectionState === 'connected';
  return {
    messages,
    historyLoaded,
    joined,
    signal,
    connected,
    connectionState,
    roomData,
    error,
    pending,
    hasOlder: older.hasOlder,
    loadingOlder: older.loadingOlder,
    loadOlder,
    reconnect,
    send,
  };
}
