/**
 * Socket.IO for Cloudflare Durable Objects: extend SocketIoServer, override its hooks
 * (README.md). Nothing here knows the app that uses it.
 */
import type { SocketIoServer } from './server';
import type { DefaultEvents, EventsMap } from './events';

export { SocketIoServer } from './server';
export { Refusal } from './hooks';
export type { Ack, ConnectInfo } from './hooks';
export type {
  AckOf,
  BroadcastOptions,
  DefaultEvents,
  EventArgs,
  EventNames,
  EventsMap,
} from './events';
export type { KeptEvent, KeptEvents } from './kept-events';
export type { Socket } from './socket';
export type { DisconnectReason, SocketIoOptions } from './options';
export { DEFAULT_OPTIONS } from './options';
export { refuseSocket } from './refusal';

/** What a server's parts may be handed of it: its broadcast and its queries, nothing more. */
export type ServerSockets<Data, Emit extends EventsMap = DefaultEvents> = Pick<
  SocketIoServer<unknown, Data, DefaultEvents, Emit>,
  | 'broadcast'
  | 'broadcastStored'
  | 'sockets'
  | 'socketsOf'
  | 'countOf'
  | 'countIn'
  | 'isIn'
  | 'forEachIn'
>;
