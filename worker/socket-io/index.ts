/**
 * Socket.IO for Cloudflare Durable Objects: extend SocketIoServer, override its hooks.
 * Nothing here knows the app that uses it.
 */
export { SocketIoServer, Refusal } from './server';
export type { Ack, BroadcastOptions, ConnectInfo } from './server';
export type { Registry, SocketRecord } from './registry';
export { Socket } from './socket';
export type { DisconnectReason, SocketIoOptions } from './options';
export { DEFAULT_OPTIONS } from './options';
export { refuseSocket } from './refusal';
export { KeyedRateLimit, RateLimit, fullBucket, takeToken } from './rate';
export type { BucketStore, TokenBucket } from './rate';
