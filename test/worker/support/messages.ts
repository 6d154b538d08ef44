/**
 * Messages on a room's sockets, for the message actions' tests (issue 33): sending one and
 * getting it back as the room broadcast it, refusals by code, the room's summary flush.
 */
import { env, runDurableObjectAlarm } from 'cloudflare:test';
import { expect } from 'vitest';
import type { RefusalCode } from '../../../contract/realtime';
import { roomStub } from '../../../worker/room-calls/room-rpc';
import type { Client } from './api';
import type { TestSocket } from './socket';

/** A refusal acknowledgement with this code (the words are for people and may change). */
export const refusedWith = (code: RefusalCode) => ({ code, error: expect.any(String) });

/** Sends `text` (with a clientId, so the ack names its id) and answers it as broadcast. */
export async function post(
  socket: TestSocket,
  roomId: string,
  text: string,
  extra: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const ack = await socket.emit('sendMessage', {
    text,
    roomId,
    clientId: crypto.randomUUID(),
    ...extra,
  });
  if (typeof ack.id !== 'number') throw new Error(`send refused: ${JSON.stringify(ack)}`);
  return messageWithId(socket, ack.id);
}

/** The `message` event for id `id`, once it has come. */
export async function messageWithId(socket: TestSocket, id: number) {
  await socket.waitFor(() => socket.events('message').some((m) => m.id === id));
  return socket.events('message').find((m) => m.id === id) as Record<string, any>;
}

/** The payloads of `event` that concern message `id`, once `count` of them have come. */
export async function eventsFor(socket: TestSocket, event: string, id: number, count = 1) {
  const of = () => socket.events(event).filter((payload) => payload.id === id);
  await socket.waitFor(() => of().length >= count);
  return of();
}

/** Runs the room's alarm: its summary (last message, read positions, mentions) goes to D1. */
export const flush = (roomId: string) => runDurableObjectAlarm(roomStub(env, roomId));

/** The caller's entry for the room in GET /api/rooms. */
export async function roomListEntry(client: Client, roomId: string) {
  const rooms = (await client.call('/rooms')).body as { roomId: string }[];
  return rooms.find((room) => room.roomId === roomId) as Record<string, any> | undefined;
}
