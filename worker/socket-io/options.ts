/** What a Socket.IO object can be told; the defaults are the reference server's. */
export interface SocketIoOptions {
  /** The server pings this often (ms); the reference's default is 25 s. */
  pingInterval: number;
  /** A socket silent for pingInterval + pingTimeout is gone. */
  pingTimeout: number;
  /** The largest text frame a client may send; a larger one ends its transport. */
  maxPayload: number;
  /** A socket that has not connected to a namespace within this long is closed. */
  connectTimeout: number;
  /** The namespaces a client may connect to. */
  namespaces: readonly string[];
  /**
   * Connection-state recovery as socket.io 4.6+ does it: a client that comes back within
   * maxDisconnectionDuration with its private id gets its sid, rooms and data back, and the
   * broadcasts it missed. False: off (the reference's default).
   */
  recovery: false | { maxDisconnectionDuration: number };
  /**
   * Let the runtime answer each client pong with an Engine.IO no-op without waking the object,
   * and read liveness from the time of that answer (heartbeat.ts). False: every pong is a call
   * into the object, as in the reference, and nothing is sent back.
   */
  autoPong: boolean;
  /**
   * Frames a socket may send per second, and in a burst; beyond them the socket is flooding
   * and is ended with a DISCONNECT (the client does not retry). False: no limit.
   */
  frameRate: false | { perSecond: number; burst: number };
  /**
   * Engine.IO alone, without Socket.IO on top: each message goes to onEngineMessage as text
   * (no namespaces, no connect timeout). For servers that speak their own protocol over it.
   */
  engineOnly: boolean;
  /**
   * Accept sockets with the hibernation API (the object may be evicted while they stay open,
   * and wakes for their frames). False: accept() them, as partyserver's `hibernate: false`
   * does; they keep the object in memory while open. workerd holds the TCP connection of a
   * hibernatable socket the server closed before its client ever sent a frame until the
   * object is evicted (about 10 s); an accepted one closes at once. No app needs that (a
   * client speaks first), but the protocol fixture does (README.md, Conformance).
   */
  hibernate: boolean;
}

export const DEFAULT_OPTIONS: SocketIoOptions = {
  pingInterval: 25_000,
  pingTimeout: 20_000,
  maxPayload: 1_000_000,
  connectTimeout: 45_000,
  namespaces: ['/'],
  recovery: false,
  autoPong: false,
  frameRate: false,
  engineOnly: false,
  hibernate: true,
};

/** Why a socket left a namespace, in the reference server's words. */
export type DisconnectReason =
  | 'client namespace disconnect'
  | 'server namespace disconnect'
  | 'transport close'
  | 'transport error'
  | 'ping timeout'
  | 'parse error'
  | 'forced close';

/** Reasons after which a recovering client may get its state back (the reference's list). */
export const RECOVERABLE = new Set<DisconnectReason>([
  'transport close',
  'transport error',
  'ping timeout',
]);
