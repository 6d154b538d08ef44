/** What the chat screen sees of its room, and what a room connection reports into it. */
import type { UploadedFile } from '../../../../contract/files';
import type { Pin } from '../../../../contract/pins';
import type { ChatMessage, RoomChange, RoomData } from '../../../../contract/realtime';
import type { PendingEntry, ReturnedText, SendResult } from './outbox';

export type { PendingEntry, ReturnedText, SendResult };

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** A problem the dialog shows: a connection one clears itself once a reconnect succeeds. */
export interface ChatError {
  kind: 'connection' | 'fatal';
  message: string;
}

/** The events that may be lost on the way: sent only while joined, never queued. */
export type Signal = { event: 'read'; messageId: number } | { event: 'typing' };

/** A send's extras: the message it answers, and the files uploaded for it. */
export interface SendOptions {
  replyTo?: number;
  files?: readonly UploadedFile[];
}

/** What the room answered a reaction, an edit, a deletion or a pin: done, or why not (in words). */
export type ActionResult = { ok: true } | { ok: false; error: string };

/** The changes a person makes to a message already listed. */
export type MessageAction =
  | { event: 'react'; messageId: number; emoji: string }
  | { event: 'editMessage'; messageId: number; text: string }
  | { event: 'deleteMessage'; messageId: number }
  | { event: 'pinMessage' | 'unpinMessage'; messageId: number };

/**
 * One immutable picture of the room. A new object on every change, the same one while nothing
 * changed, and each field keeps its identity until it changes itself (selectors rely on that).
 */
export interface RoomSnapshot {
  /** The nickname whose connection this describes (null: none is open). */
  nickname: string | null;
  connectionState: ConnectionState;
  /** Joined on the current connection (a `read` is only heard then, and sends may go). */
  joined: boolean;
  messages: readonly ChatMessage[];
  historyLoaded: boolean;
  /** Older messages than the first shown exist on the server. */
  hasOlder: boolean;
  loadingOlder: boolean;
  /**
   * Newer messages than the last shown exist on the server: the list shows a page of the past
   * (a search result's), not the present, and live messages wait on the server until the
   * reader scrolls down to them or jumps to the latest.
   */
  hasNewer: boolean;
  loadingNewer: boolean;
  /** Who is online; null until the room has said, or once it shut the person out. */
  roomData: RoomData | null;
  error: ChatError | null;
  /** Typed and not yet listed: the room's outbox, kept across connections. */
  pending: readonly PendingEntry[];
  /**
   * Texts from before a reload that the room refused (or shut the person out with): the box
   * takes them back (`takeReturned`), as it does its own sends' refusals.
   */
  returned: readonly ReturnedText[];
  /** Others typing now, as this tab heard them; kept across connections. */
  typists: readonly string[];
  /**
   * How far the members who share it have read: nickname to the newest message id they saw
   * (`seen`). Empty after a fresh join until the room says.
   */
  seen: Readonly<Record<string, number>>;
  /** The room's pinned messages, newest pin first (`loadPins` once joined, then `pins`). */
  pins: readonly Pin[];
  /**
   * The messages this connection heard deleted (`messageDeleted`), listed or not, newest last
   * (the last HEARD_DELETED_MAX): a reply being written to one far back learns it is gone.
   */
  heardDeleted: readonly number[];
}

/** How many deletions a connection remembers for `heardDeleted`. */
export const HEARD_DELETED_MAX = 50;

export const NONE_RETURNED: readonly ReturnedText[] = [];
const NO_MESSAGES: readonly ChatMessage[] = [];
const NOBODY: readonly string[] = [];
const NO_PINS: readonly Pin[] = [];
const NO_IDS: readonly number[] = [];
export const NOBODY_SEEN: Readonly<Record<string, number>> = Object.freeze({});

/** What a new connection under `nickname` starts from: the room's outbox and typists stay. */
export function freshSnapshot(
  nickname: string | null,
  kept?: Pick<RoomSnapshot, 'pending' | 'typists' | 'returned'>,
): RoomSnapshot {
  return {
    nickname,
    connectionState: 'connecting',
    joined: false,
    messages: NO_MESSAGES,
    historyLoaded: false,
    hasOlder: false,
    loadingOlder: false,
    hasNewer: false,
    loadingNewer: false,
    roomData: null,
    error: null,
    pending: kept?.pending ?? [],
    returned: kept?.returned ?? NONE_RETURNED,
    typists: kept?.typists ?? NOBODY,
    seen: NOBODY_SEEN,
    pins: NO_PINS,
    heardDeleted: NO_IDS,
  };
}

/** What a screen may do with a room while it shows it. */
export interface RoomEvents {
  /** `notice`: what /join says, when not that the room was deleted. */
  onRoomDeleted?: (notice?: string) => void;
  /** The person took another nickname in this room (in another tab): this tab takes it too. */
  onNicknameChanged?: (nickname: string) => void;
  /** A person's message arrived live (not history): notifications. */
  onLiveMessage?: (message: ChatMessage) => void;
  /**
   * The room's owner or name changed (`roomChanged`): what the screen read of it elsewhere
   * (the room list, who may moderate) is to be read again.
   */
  onRoomChanged?: (what: RoomChange) => void;
}

/**
 * Where one connection reports (room-socket.ts): it reads and writes the store's state, and
 * tells it what happened that is not state. Writes after the connection closed are ignored.
 */
export interface RoomSink {
  read: () => RoomSnapshot;
  write: (change: Partial<RoomSnapshot>) => void;
  heardTyping: (nickname: string) => void;
  /** Who is online now: typists not among them have gone. */
  online: (nicknames: readonly string[]) => void;
  liveMessage: (message: ChatMessage) => void;
  roomDeleted: (notice?: string) => void;
  roomChanged: (what: RoomChange) => void;
  /** Takes the nickname the room knows the person by; false when nobody can. */
  renamed: (nickname: string) => boolean;
}

/** How a jump to a message ended: listed now, not in the room (any more), or not answered. */
export type JumpResult = 'shown' | 'missing' | 'failed';

/** What a connection can be asked while it is open. */
export interface ConnectionControls {
  /** Sends what waits in the outbox, oldest first. */
  flush: () => void;
  /** Sends `read` or `typing` if joined now; false when it was dropped. */
  signal: (signal: Signal) => boolean;
  /** Loads the page before the oldest shown: `limit` messages (by default OLDER_PAGE). */
  loadOlder: (limit?: number) => void;
  /** Loads the page after the newest shown, while the list shows the past (hasNewer). */
  loadNewer: () => void;
  /** Lists the page around a stored message (`loadHistory { around }`) unless it is listed. */
  loadAround: (messageId: number) => Promise<JumpResult>;
  /** Lists the newest page again, if the list shows the past. */
  jumpToLatest: () => Promise<void>;
  /** Sends a reaction, an edit or a deletion while joined, and says what the room answered. */
  act: (action: MessageAction) => Promise<ActionResult>;
  /** Connects again after the attempts ran out, unless the room refused for good. */
  reconnect: () => void;
  close: () => void;
}

/**
 * The screen's hold on its room: the store, seen as the connection for the screen's current
 * nickname (use-room-connection.ts), read with useRoomState.
 */
export interface RoomConnection {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => RoomSnapshot;
  send: (text: string, options?: SendOptions) => Promise<SendResult>;
  signal: (signal: Signal) => boolean;
  loadOlder: (limit?: number) => void;
  loadNewer: () => void;
  loadAround: (messageId: number) => Promise<JumpResult>;
  jumpToLatest: () => Promise<void>;
  reconnect: () => void;
  /** Toggles the person's reaction `emoji` on a message. */
  react: (messageId: number, emoji: string) => Promise<ActionResult>;
  /** Replaces the text of the person's own message. */
  edit: (messageId: number, text: string) => Promise<ActionResult>;
  /** Deletes a message (the person's own, or any as the room's owner or an administrator). */
  remove: (messageId: number) => Promise<ActionResult>;
  /** Pins a message at the top of the room (`pinned` true) or unpins it. */
  pin: (messageId: number, pinned: boolean) => Promise<ActionResult>;
  /** The snapshot's `returned` texts, which leave it: the box puts them back. */
  takeReturned: () => readonly ReturnedText[];
}
