/**
 * socket.io-client as the chat screen sees it, for tests in jsdom: each `io()` makes a
 * FakeSocket that records what the screen emits and lets the test play the server. Use it with
 * `vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient))`.
 */
type Handler = (...args: unknown[]) => void;

export interface Emitted {
  event: string;
  payload: unknown;
  ack?: (answer: unknown) => void;
}

export class FakeSocket {
  handlers = new Map<string, Handler[]>();
  managerHandlers = new Map<string, Handler[]>();
  emitted: Emitted[] = [];
  connected = false;
  disconnected = false;
  recovered = false;
  /** Retrying after a drop (socket.io-client's `active`); false once refused. */
  active = false;
  /** How often the screen asked it to connect (it does once it has a socket ticket). */
  connects = 0;
  /** The socket's Manager: the screen listens for its reconnect_failed. */
  io = {
    on: (event: string, handler: Handler) => {
      this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), handler]);
      return this.io;
    },
    off: () => this.io,
    opts: {} as Record<string, unknown>,
  };

  constructor(
    readonly url = '',
    readonly options: Record<string, unknown> = {},
  ) {}

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  off() {
    this.handlers.clear();
    return this;
  }
  emit(event: string, payload?: unknown, ack?: (answer: unknown) => void) {
    this.emitted.push({ event, payload, ack });
    return this;
  }
  /** Signals (read, typing) go volatile: dropped rather than queued while disconnected. */
  get volatile() {
    return this;
  }
  timeout() {
    return {
      emit: (event: string, payload: unknown, ack: (error: unknown, answer: unknown) => void) =>
        this.emit(event, payload, (answer) => ack(null, answer)),
    };
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.connected = false;
    this.disconnected = true;
    return this;
  }
  /** The server (or the transport) fires an event at the screen. */
  receive(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  /** The Manager fires an event (reconnect_failed). */
  manager(event: string) {
    for (const handler of this.managerHandlers.get(event) ?? []) handler();
  }
  last(event: string) {
    return this.emitted.filter((entry) => entry.event === event).at(-1);
  }
}

/** Every socket the screen made, oldest first; tests empty it before each run. */
export const sockets: FakeSocket[] = [];

export const fakeSocketIoClient = {
  io: (url?: string, options?: Record<string, unknown>) => {
    const socket = new FakeSocket(url, options);
    sockets.push(socket);
    return socket;
  },
};
