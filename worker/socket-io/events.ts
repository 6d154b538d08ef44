/**
 * Typed events, as socket.io's own typings have them: a map from each event's name to the
 * listener it would have. A server is generic over the events it hears (Listen) and the ones
 * it sends (Emit); emit and broadcast then take only Emit's names, with their arguments.
 */

/** An interface of listeners satisfies it (an index signature of `any` takes any object). */
export interface EventsMap {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as socket.io's own
  [event: string]: any;
}

/** Any event, with any arguments: the map of a server that names none. */
export interface DefaultEvents {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as socket.io's own
  [event: string]: (...args: any[]) => void;
}

/** The names of a map's events. */
export type EventNames<Map extends EventsMap> = keyof Map & string;

/** The arguments event E carries. */
export type EventArgs<Map extends EventsMap, E extends EventNames<Map>> = Parameters<Map[E]>;

/**
 * The acknowledgement a client's event E expects: its listener's last parameter when that is a
 * function (socket.io-client's `emit(event, payload, ack)`), and otherwise any answer at all.
 */
export type AckOf<Map extends EventsMap, E extends EventNames<Map>> =
  Parameters<Map[E]> extends [...unknown[], infer Last extends (...args: never[]) => void]
    ? Last
    : (...args: unknown[]) => void;

export interface BroadcastOptions {
  nsp?: string;
  /** Only the sockets in this room (default: every socket of the namespace). */
  room?: string;
  except?: Iterable<WebSocket>;
  /**
   * Not logged for recovery: a client that was away never gets it (e.g. "is typing"). Its
   * last argument must not be a string: socket.io-client would take it for an offset.
   */
  volatile?: boolean;
}
