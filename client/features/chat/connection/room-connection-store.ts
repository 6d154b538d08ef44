import type { ChatMessage } from '../../../../contract/realtime';
import { outboxStorage } from '../../../lib/outbox-storage';
import { Outbox } from './outbox';
import { openRoomSocket } from './room-socket';
import { GAVE_UP } from './socket-calls';
import {
  freshSnapshot,
  NONE_RETURNED,
  type ActionResult,
  type ConnectionControls,
  type JumpResult,
  type MessageAction,
  type RoomEvents,
  type RoomSink,
  type ReturnedText,
  type RoomSnapshot,
  type SendOptions,
  type SendResult,
  type Signal,
} from './room-state';
import { Typists } from './typists';

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * One room as the chat screen sees it, outside React: it owns the room's outbox, who is typing,
 * and the Socket.IO connection of the moment (room-socket.ts), and keeps all of it in one
 * immutable snapshot that components read with useSyncExternalStore (use-room-state.ts).
 * A connection is opened per nickname: `open` starts a fresh picture (the outbox and the
 * typists stay), `close` ends it, `leave` answers whatever still waits to be sent.
 */
export class RoomConnectionStore {
  #state: RoomSnapshot = freshSnapshot(null);
  readonly #listeners = new Set<() => void>();
  readonly #outbox = new Outbox(
    (pending) => this.#write({ pending }),
    (back) => this.#write({ returned: [...this.#state.returned, back] }),
  );
  readonly #typists = new Typists((typists) => {
    if (!sameList(typists, this.#state.typists)) this.#write({ typists });
  });
  #connection: ConnectionControls | null = null;
  /** The connection allowed to write: one closed since then is ignored. */
  #writer: object | null = null;
  #events: RoomEvents = {};
  /** The account the outbox is kept for: a connection joins as that account or not at all. */
  #account: string | undefined;
  /** The last fresh picture handed out by snapshotFor, kept so it is stable. */
  #fresh: { from: RoomSnapshot; view: RoomSnapshot } | null = null;

  constructor(readonly roomId: string) {}

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): RoomSnapshot => this.#state;

  /**
   * The picture a screen for `nickname` (null: none) should show. Until that connection is
   * open (an effect after the render that brought the nickname), it is a fresh one, as the
   * connection will start from, rather than the previous connection's.
   */
  snapshotFor(nickname: string | null): RoomSnapshot {
    const state = this.#state;
    if (state.nickname === nickname) return state;
    if (this.#fresh?.from !== state || this.#fresh.view.nickname !== nickname) {
      this.#fresh = { from: state, view: freshSnapshot(nickname, state) };
    }
    return this.#fresh.view;
  }

  /** The screen's handlers, read when their event comes (so the latest ones run). */
  setEvents(events: RoomEvents) {
    this.#events = events;
  }

  /** Connects to the room under `nickname`, in place of any connection open now. */
  open(nickname: string) {
    this.close();
    this.#write(freshSnapshot(nickname, this.#state));
    const writer = {};
    this.#writer = writer;
    const sink = this.#sink(writer);
    this.#connection = openRoomSocket(this.roomId, nickname, this.#outbox, sink, this.#account);
  }

  close() {
    this.#writer = null;
    this.#connection?.close();
    this.#connection = null;
  }

  /** The room is left (unmount, sign-out): every waiting send is answered with GAVE_UP. */
  leave() {
    this.close();
    this.#outbox.leave(GAVE_UP);
    this.#typists.stop();
  }

  /**
   * Keeps the outbox in this browser under the signed-in account, so what waits outlives a
   * reload, and takes back what an earlier visit left there: shown as sending, and sent (with
   * its clientId, so at most once) when the room is reachable.
   */
  keepOutboxFor(accountId: string) {
    this.#account = accountId;
    const storage = outboxStorage(accountId, this.roomId);
    this.#outbox.keepIn(storage);
    void storage.load().then(async (stored) => {
      if (await this.#outbox.restore(storage, stored)) this.#connection?.flush();
    });
  }

  /**
   * Sends a message: shown as pending until the room stores it (ok), and sent (again) on every
   * reconnect until then. A refusal resolves with its error, so the form can keep the text.
   */
  send = (text: string, options: SendOptions = {}): Promise<SendResult> => {
    const connection = this.#connection;
    if (!connection) return Promise.resolve({ ok: false, error: GAVE_UP });
    // Sent from a page of the past: the list goes back to the present, where it will show.
    if (this.#state.hasNewer) void connection.jumpToLatest();
    const { result } = this.#outbox.add(text, options.replyTo, options.files);
    connection.flush();
    return result;
  };

  /** The texts the box takes back (`returned`); they leave the snapshot. */
  takeReturned = (): readonly ReturnedText[] => {
    const { returned } = this.#state;
    if (returned.length > 0) this.#write({ returned: NONE_RETURNED });
    return returned;
  };

  /** Sends `read` or `typing` if joined now; false when it was dropped. */
  signal = (value: Signal): boolean => this.#connection?.signal(value) ?? false;

  /** Loads the page of messages before the oldest shown (scrolling back, or a jump up). */
  loadOlder = (limit?: number): void => this.#connection?.loadOlder(limit);

  /** Loads the page after the newest shown (scrolling down through the past). */
  loadNewer = (): void => this.#connection?.loadNewer();

  /** Lists the page around a message (a search result) unless it is listed already. */
  loadAround = (messageId: number): Promise<JumpResult> =>
    this.#connection?.loadAround(messageId) ?? Promise.resolve('failed');

  /** Lists the newest messages again after a jump into the past. */
  jumpToLatest = (): Promise<void> => this.#connection?.jumpToLatest() ?? Promise.resolve();

  /** Connects again after the reconnection attempts ran out (a refusal stays refused). */
  reconnect = (): void => this.#connection?.reconnect();

  /** Toggles the person's reaction `emoji` on a message; the room's `reactions` shows it. */
  react = (messageId: number, emoji: string): Promise<ActionResult> =>
    this.#act({ event: 'react', messageId, emoji });

  /** Replaces the text of the person's own message; the room's `messageUpdated` shows it. */
  edit = (messageId: number, text: string): Promise<ActionResult> =>
    this.#act({ event: 'editMessage', messageId, text });

  /** Deletes a message; the room's `messageDeleted` puts the placeholder in its place. */
  remove = (messageId: number): Promise<ActionResult> =>
    this.#act({ event: 'deleteMessage', messageId });

  /** Pins or unpins a message; the room's `pins` shows the list. */
  pin = (messageId: number, pinned: boolean): Promise<ActionResult> =>
    this.#act({ event: pinned ? 'pinMessage' : 'unpinMessage', messageId });

  /** Not queued like a send: changed while not joined, it is refused with GAVE_UP at once. */
  #act(action: MessageAction): Promise<ActionResult> {
    const connection = this.#connection;
    if (!connection) return Promise.resolve({ ok: false, error: GAVE_UP });
    return connection.act(action);
  }

  #write(change: Partial<RoomSnapshot>) {
    const state = this.#state;
    const keys = Object.keys(change) as (keyof RoomSnapshot)[];
    if (keys.every((key) => Object.is(state[key], change[key]))) return;
    this.#state = { ...state, ...change };
    for (const listener of [...this.#listeners]) listener();
  }

  #sink(writer: object): RoomSink {
    const current = () => this.#writer === writer;
    return {
      read: () => this.#state,
      write: (change) => {
        if (current()) this.#write(change);
      },
      heardTyping: (typist) => {
        const mine = this.#state.nickname?.toLowerCase();
        if (current() && typist.toLowerCase() !== mine) this.#typists.heard(typist);
      },
      online: (nicknames) => {
        if (current()) this.#typists.online(new Set(nicknames));
      },
      liveMessage: (message: ChatMessage) => {
        if (!current()) return;
        this.#typists.stopped(message.user);
        this.#events.onLiveMessage?.(message);
      },
      roomDeleted: (notice) => {
        if (current()) this.#events.onRoomDeleted?.(notice);
      },
      roomChanged: (what) => {
        if (current()) this.#events.onRoomChanged?.(what);
      },
      renamed: (nickname) => {
        // A closed connection's news is nobody's business (and it must not refuse for good).
        if (!current()) return true;
        const rename = this.#events.onNicknameChanged;
        if (!rename) return false;
        rename(nickname);
        return true;
      },
    };
  }
}
