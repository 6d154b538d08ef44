/** What a room connection reports to the screen, and what the screen may ask of it. */
import type { ChatMessage, RoomData } from '../../../../contract/realtime';
import type { OlderState } from './older-pages';
import type { Outbox, PendingEntry } from './outbox';

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** A problem the dialog shows: a connection one clears itself once a reconnect succeeds. */
export interface ChatError {
  kind: 'connection' | 'fatal';
  message: string;
}

/** The events that may be lost on the way: sent only while joined, never queued. */
export type Signal = { event: 'read'; messageId: number } | { event: 'typing' };

/** Where the connection reports what the screen shows (React state setters, callbacks). */
export interface ConnectionView {
  setMessages: (messages: ChatMessage[]) => void;
  setHistoryLoaded: (loaded: boolean) => void;
  setConnectionState: (state: ConnectionState) => void;
  /** null: nobody known to be online (the server ended this session). */
  setRoomData: (data: RoomData | null) => void;
  setError: (update: (current: ChatError | null) => ChatError | null) => void;
  setPending: (pending: PendingEntry[]) => void;
  setOlder: (state: OlderState) => void;
  setJoined: (joined: boolean) => void;
  /** Read when the event comes, so the screen's latest handlers run. */
  handlers: () => {
    /** `notice`: what /join says, when not that the room was deleted. */
    onRoomDeleted: (notice?: string) => void;
    onTyping?: (nickname: string) => void;
    onLiveMessage?: (message: ChatMessage) => void;
    onNicknameChanged?: (nickname: string) => void;
  };
}

/** What the screen can ask of an open connection. */
export interface RoomConnection {
  outbox: Outbox;
  /** Sends what waits in the outbox, oldest first. */
  flush: () => void;
  /** Sends `read` or `typing` if joined now; false when it was dropped. */
  signal: (signal: Signal) => boolean;
  loadOlder: () => void;
  /** Connects again after the attempts ran out, unless the room refused for good. */
  reconnect: () => void;
  close: () => void;
}
