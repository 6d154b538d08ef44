/** What a subclass's hooks are given and may answer, and how the engine calls them. */
import type { EventsMap } from './events';
import type { DisconnectReason } from './options';
import type { Socket } from './socket';

/**
 * onUpgrade's no: the client gets the open packet, then this message as a CONNECT_ERROR, with
 * `data` (a client reads it as the error's `data`, e.g. a machine-readable code) if given.
 */
export class Refusal {
  constructor(
    readonly message: string,
    readonly data?: Record<string, unknown>,
  ) {}
}

export interface ConnectInfo {
  /** The CONNECT packet's payload (without the recovery fields). */
  auth: Record<string, unknown>;
  /** True when the socket got its previous session back (sid, rooms, data, missed events). */
  recovered: boolean;
  /**
   * Recovered, and its old connection ended with the runtime (a restart), so onDisconnect
   * never ran for it: whoever was told of a departure on a disconnect was told nothing.
   */
  missedDisconnect: boolean;
}

export type Ack = (...args: unknown[]) => void;

/** The hooks as the engine calls them (the server's, bound to it). */
export interface EngineHooks<Data, Emit extends EventsMap> {
  onConnect(socket: Socket<Data, Emit>, info: ConnectInfo): void | Promise<void>;
  onEvent(
    socket: Socket<Data, Emit>,
    event: string,
    args: unknown[],
    ack?: Ack,
  ): void | Promise<void>;
  onDisconnect(socket: Socket<Data, Emit>, reason: DisconnectReason): void;
  onViolation(data: Data, kind: 'protocol' | 'flood', reason: string): void;
  onEngineMessage(ws: WebSocket, data: string): void | Promise<void>;
  restoreData(saved: Data, fresh: Data): Data | null;
  socketKey(data: Data): string | undefined;
}
